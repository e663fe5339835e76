// The whole deck as the lines a screen reader says, top to bottom: where you are, what is loading,
// the selected row (or the detail, the form, the help), the open question, then the flash, the
// command line or the keys. Pure: the writer (./writer.ts) says of them what changed (./view.ts).
import { appendAll } from '../../text/bounded';
import type { Analysis } from '../../history/model';
import { modeOf, topScreen } from '../../state/stack';
import { items } from '../../state/selectors';
import { spokenDetail } from './detail';
import type { DeckState } from '../../state/types';
import type { LoggedMessage } from '../words/messageLog';
import { SCREENS } from '../screens/registry';
import { changeLines } from '../components/MessagesOverlay';
import { spokenDialog, spokenFlash, spokenPrompt } from './dialogs';
import { spokenHelp, spokenKeys, type SpokenInfo } from './help';
import { said, type SpokenLine } from './line';
import type { RecordId } from '../../domain';
import { rowsAnswer } from './list';
import { sanitize } from '../../text/sanitize';
import { placeParts } from './place';

export interface SpokenContext {
  /** Dates the cache's age. */
  now: number;
  /** A message's advice in this configuration's words. */
  words?: (text: string) => string;
  /** A report's analyses, oldest first (the score history). */
  analyses?: (id: RecordId) => readonly Analysis[];
  /** The flashes so far, newest first (`:messages`). */
  messages?: readonly LoggedMessage[];
  /** The profile and hosts (said in the help) and whether this is the demo. */
  info?: SpokenInfo;
}

/**
 * What is on its way, in one word, said once until it is done (never a spinner). A list is
 * `loading` while its rows do not answer what was asked (another page, sort, search, filter): a
 * refresh of the same rows (r, a watch tick) keeps them, and says what changed when it comes.
 */
function waiting(state: DeckState): string | null {
  if (state.op) return state.op.kind === 'delete' ? 'deleting' : state.op.kind === 'rerun' ? 're-running' : 'saving';
  const top = topScreen(state).kind;
  if (top === 'projects' || top === 'audit') return state.projects.status === 'loading' ? 'loading' : null;
  const tab = state.tabs[state.tab];
  return tab.loading && !rowsAnswer(tab) ? 'loading' : null;
}

/** The help and the messages are said in place of the screen; any other overlay is said after it. */
function bodyLines(state: DeckState, ctx: SpokenContext): SpokenLine[] {
  const o = state.overlay;
  if (o?.kind === 'help') return spokenHelp(state, ctx.info).map((t) => said(t));
  if (o?.kind === 'messages' && o.of === 'changes')
    return [said('Changes this session, newest first'), ...(state.changes.length ? changeLines(state.changes).map((t) => said(t)) : [said('No changes yet')])];
  if (o?.kind === 'messages') {
    const log = ctx.messages ?? [];
    // Each with its local time, as the overlay shows it.
    const at = (ms: number) => new Date(ms).toTimeString().slice(0, 8);
    return [
      said('Messages, newest first'),
      ...(log.length ? log.map((l) => said(`${at(l.at)}, ${spokenFlash({ id: 0, kind: l.kind, text: l.text }, ctx.words)}`)) : [said('No messages yet')]),
    ];
  }
  return SCREENS[topScreen(state).kind].spoken.body(state, spokenCtx(ctx));
}

const spokenCtx = (ctx: SpokenContext) => ({ now: ctx.now, words: ctx.words, analyses: ctx.analyses, demo: ctx.info?.demo });

/** The deck's spoken parts, for the writer to compare from one state to the next (./view.ts). */
export interface SpokenDeckParts {
  place: string[];
  wait: string | null;
  body: SpokenLine[];
  /** The open detail's own lines (j/k step through them). */
  detail: string[];
  prompt: { line: string; offered: string | null } | null;
  flash: string | null;
  keys: string;
}

export function spokenDeckParts(state: DeckState, ctx: SpokenContext): SpokenDeckParts {
  const m = modeOf(state);
  const offered =
    m.kind === 'prompt' && m.options?.length ? m.options.map((o, i) => (i === m.picked ? `${sanitize(o)} (picked)` : sanitize(o))).join(', ') : null;
  const prompt = spokenPrompt(state);
  const top = topScreen(state);
  const tab = state.tabs[state.tab];
  const record = top.kind === 'detail' ? items(tab)[tab.cursor] : undefined;
  return {
    place: placeParts(SCREENS[top.kind].spoken.place(state, spokenCtx(ctx))),
    wait: waiting(state),
    body: bodyLines(state, ctx),
    detail: record ? spokenDetail(state.tab, record, state.tab === 'reports' ? (ctx.analyses?.(record.id) ?? []) : []) : [],
    prompt: prompt === null ? null : { line: prompt, offered: offered && `offered: ${offered}` },
    flash: state.flash ? spokenFlash(state.flash, ctx.words) : null,
    keys: spokenKeys(state),
  };
}

export function spokenDeck(state: DeckState, ctx: SpokenContext): SpokenLine[] {
  // Where you are: the top screen's own words (its registry entry), so no screen can be missed.
  const lines: SpokenLine[] = [said(SCREENS[topScreen(state).kind].spoken.place(state, spokenCtx(ctx)))];
  const wait = waiting(state);
  if (wait) lines.push(said(wait));
  appendAll(lines, bodyLines(state, ctx));
  const dialog = spokenDialog(state);
  if (dialog) lines.push(said(dialog));
  const prompt = spokenPrompt(state);
  if (prompt) lines.push(said(prompt));
  else if (state.flash) lines.push(said(spokenFlash(state.flash, ctx.words)));
  else lines.push(said(spokenKeys(state)));
  return lines;
}
