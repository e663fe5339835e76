// The whole deck as the lines a screen reader says, top to bottom: where you are, what is loading,
// the selected row (or the detail, the form, the help), the open question, then the flash, the
// command line or the keys. Pure: the view (components/SpokenDeck.tsx) only writes them.
import { appendAll } from '../../text/bounded';
import type { Analysis } from '../../history/model';
import { items } from '../../state/selectors';
import type { DeckState } from '../../state/types';
import { resourceDef } from '../../domain';
import type { LoggedMessage } from '../messageLog';
import { sanitize } from '../../text/sanitize';
import { spokenDetail } from './detail';
import { spokenDialog, spokenFlash, spokenPrompt } from './dialogs';
import { spokenForm } from './form';
import { spokenHelp, spokenKeys, type SpokenInfo } from './help';
import { said, type SpokenLine } from './line';
import { spokenDistribution, spokenPlace } from './place';
import { spokenProjects } from './projects';
import { spokenRow } from './row';
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
  if (state.mode.kind === 'projects') return state.projects.status === 'loading' ? 'loading' : null;
  return state.tabs[state.tab].loading ? 'loading' : null;
}

function listLines(state: DeckState, ctx: SpokenContext): SpokenLine[] {
  const tab = state.tabs[state.tab];
  const words = ctx.words ?? ((t: string) => t);
  const lines: SpokenLine[] = [];
  const dist = spokenDistribution(state);
  if (dist) lines.push(said(dist));
  if (tab.error) lines.push(said(`error: ${sanitize(words(tab.error))}`));
  const record = items(tab)[tab.cursor];
  if (!record) {
    if (!tab.loading && tab.data) {
      const q = tab.query;
      lines.push(said(q.search || q.result || q.project ? 'Nothing matches (c clears search and filters)' : `No ${resourceDef(state.tab).title.toLowerCase()} yet (n adds one)`));
    }
    return lines;
  }
  lines.push(said(spokenRow(state.tab, tab, record, { marked: state.marked[state.tab].includes(record.id) }), { selected: true }));
  if (state.mode.kind === 'detail') appendAll(lines, spokenDetail(state.tab, record, state.tab === 'reports' ? (ctx.analyses?.(record.id) ?? []) : []).map((t) => said(t)));
  return lines;
}

function bodyLines(state: DeckState, ctx: SpokenContext): SpokenLine[] {
  const m = state.mode;
  if (m.kind === 'help') return spokenHelp(state, ctx.info).map((t) => said(t));
  if (m.kind === 'messages') {
    const log = ctx.messages ?? [];
    // Each with its local time, as the overlay shows it.
    const at = (ms: number) => new Date(ms).toTimeString().slice(0, 8);
    return [said('Messages, newest first'), ...(log.length ? log.map((l) => said(`${at(l.at)}, ${spokenFlash({ id: 0, kind: l.kind, text: l.text }, ctx.words)}`)) : [said('No messages yet')])];
  }
  if (m.kind === 'projects') {
    const project = spokenProjects(state.projects);
    return project === null ? [] : [said(project, state.projects.rows.length ? { selected: true } : undefined)];
  }
  if (state.form && (m.kind === 'form' || m.kind === 'confirm-discard')) return spokenForm(state.form);
  return listLines(state, ctx);
}

export function spokenDeck(state: DeckState, ctx: SpokenContext): SpokenLine[] {
  const lines: SpokenLine[] = [said(spokenPlace(state, ctx.now, { demo: ctx.info?.demo }))];
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
