// The whole deck as the lines a screen reader says, top to bottom: where you are, what is loading,
// the selected row (or the detail, the form, the help), the open question, then the flash, the
// command line or the keys. Pure: the view (components/SpokenDeck.tsx) only writes them.
import { appendAll } from '../../text/bounded';
import type { Analysis } from '../../history/model';
import { topScreen } from '../../state/stack';
import type { DeckState } from '../../state/types';
import type { LoggedMessage } from '../messageLog';
import { SCREENS } from '../screens/registry';
import { changeLines } from '../components/MessagesOverlay';
import { spokenDialog, spokenFlash, spokenPrompt } from './dialogs';
import { spokenHelp, spokenKeys, type SpokenInfo } from './help';
import { said, type SpokenLine } from './line';
import type { RecordId } from '../../domain';

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

/** What is on its way, in one word, said once until it is done (never a spinner). */
function waiting(state: DeckState): string | null {
  if (state.op) return state.op.kind === 'delete' ? 'deleting' : state.op.kind === 'rerun' ? 're-running' : 'saving';
  const top = topScreen(state).kind;
  if (top === 'projects' || top === 'audit') return state.projects.status === 'loading' ? 'loading' : null;
  return state.tabs[state.tab].loading ? 'loading' : null;
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
