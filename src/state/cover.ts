// The deck's cover: `:cover SOURCE` reads the source's pages and every report of the site (the
// effects, coverEffects.ts), asks with the plan's counts (a question like every other), runs the
// creates on a view of its own with their progress and the pages the host refused, and ends on the
// site's Audit view, read again so the new reports are in it. Esc backs out; during the run it stops
// the cover after the request in flight. The run keeps the journal `reports cover` keeps: `:cover`
// again (or `reports cover --resume`) offers to go on with what is left, nothing answered sent twice.
import { planLine } from '../api/cover/plan';
import { freshAudit } from './auditState';
import { INITIAL_COVER, type CoverState } from './coverState';
import { changeRefused, refused } from './gate';
import type { SliceReducer } from './slice';
import { closeOverlay, openOverlay, pop, push, topScreen, without } from './stack';
import type { DeckState } from './types';
import { flash } from './update';
import type { Action } from './actions';

const patch = (state: DeckState, p: Partial<CoverState>): DeckState => ({ ...state, cover: { ...state.cover, ...p } });

function start(state: DeckState, source: string): DeckState {
  const why = changeRefused(state) ?? (['planning', 'asking', 'running', 'stopping'].includes(state.cover.phase) ? 'a cover is under way' : null);
  if (why) return refused(state, why);
  if (source === '-') return flash(state, 'error', ':cover reads a sitemap URL, a robots.txt URL or a sitemap file: - (stdin) is for sitedeck reports cover');
  const next = { ...INITIAL_COVER, phase: 'planning' as const, seq: state.cover.seq + 1, source };
  return flash(push(without({ ...state, cover: next }, 'cover'), { kind: 'cover' }), 'info', `Reading ${source}…`, 'progress');
}

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** `create 3 reports, re-run 1, delete 2`: what the steps do. */
function stepWords(steps: readonly { action: string }[]): string {
  const n = (action: string) => steps.filter((s) => s.action === action).length;
  return [n('create') ? `create ${plural(n('create'), 'report')}` : '', n('rerun') ? `re-run ${n('rerun')}` : '', n('delete') ? `delete ${n('delete')}` : '']
    .filter(Boolean)
    .join(', ');
}

function planned(state: DeckState, action: Extract<Action, { type: 'cover/planned' }>): DeckState {
  if (action.seq !== state.cover.seq || state.cover.phase !== 'planning') return state;
  const { resume } = action;
  const next = patch(state, { counts: action.counts, steps: action.steps, resume: resume ?? null });
  if (resume) {
    const started = new Date(resume.started).toISOString().slice(0, 16).replace('T', ' ');
    const left = `${action.steps.length} of ${resume.total} left (${stepWords(action.steps)})`;
    const question = `Resume the cover of ${action.counts.site} started ${started} UTC: ${left}?`;
    return openOverlay(patch(next, { phase: 'asking' }), { kind: 'confirm-cover', question, detail: planLine(action.counts), yes: false });
  }
  const creates = action.steps.filter((s) => s.action === 'create').length;
  if (!creates) return finish(patch(next, { phase: 'done' }), `Nothing to do: every page of ${action.counts.site} has a report`);
  const question = `Cover ${action.counts.site}: create ${plural(creates, 'report')}?`;
  return openOverlay(patch(next, { phase: 'asking' }), { kind: 'confirm-cover', question, detail: planLine(action.counts), yes: false });
}

/** The run is over: the site's Audit view on top of the cover's, every report read again for it. */
function finish(state: DeckState, text: string): DeckState {
  const site = state.cover.counts?.site;
  const said = flash(state, state.cover.refused.length || state.cover.failed ? 'error' : 'success', text);
  if (!site) return said;
  const read = {
    ...said,
    projects: { ...said.projects, status: 'loading' as const, requestId: said.projects.requestId + 1, read: 0, total: null, error: null },
  };
  return push(without(read, 'audit'), { kind: 'audit', audit: freshAudit({ kind: 'project', project: site }) });
}

function answered(state: DeckState, action: Extract<Action, { type: 'cover/answered' }>): DeckState {
  const c = state.cover;
  if (action.seq !== c.seq) return state;
  return patch(state, {
    answered: c.answered + 1,
    created: c.created + (action.status === 'done' ? 1 : 0),
    refused: action.status === 'refused' ? [...c.refused, { url: action.url, why: action.detail }] : c.refused,
    failed: c.failed + (action.status === 'failed' ? 1 : 0),
  });
}

function finished(state: DeckState, action: Extract<Action, { type: 'cover/finished' }>): DeckState {
  const c = state.cover;
  if (action.seq !== c.seq) return state;
  const total = c.steps.length;
  const words =
    `Covered ${c.counts?.site ?? c.source}: ${c.created} of ${total} created` +
    (c.refused.length ? `, ${c.refused.length} refused by the host (Esc lists them)` : '') +
    (c.failed ? `, ${c.failed} failed` : '') +
    (c.answered < total ? `, ${total - c.answered} not sent (${action.stopped ?? 'stopped'}): :cover ${c.source} again sends the rest` : '');
  return finish(patch(state, { phase: 'done', error: action.stopped ?? null }), words);
}

export const coverReducer: SliceReducer = (state, action, root) => {
  switch (action.type) {
    case 'cover/start':
      return start(state, action.source);
    case 'cover/planned':
      return planned(state, action);
    case 'cover/failed':
      if (action.seq !== state.cover.seq) return state;
      return flash(patch(state, { phase: 'failed', error: action.message }), 'error', action.message);
    case 'cover/confirm':
      return state.cover.phase === 'asking' ? closeOverlay(patch(state, { phase: 'running' }), 'confirm-cover') : state;
    case 'cover/cancel':
      if (state.cover.phase !== 'asking') return state;
      return flash(
        pop(closeOverlay(patch(state, { phase: 'idle' }), 'confirm-cover')),
        'info',
        state.cover.resume ? `Nothing was sent: the cover stays unfinished (:cover ${state.cover.source} again offers it)` : 'Nothing was sent',
      );
    case 'cover/answered':
      return answered(state, action);
    case 'cover/stop':
      return state.cover.phase === 'running' ? flash(patch(state, { phase: 'stopping' }), 'info', 'Stopping after the request in flight…', 'progress') : state;
    case 'cover/finished':
      return finished(state, action);
    case 'cover/back':
      if (topScreen(state).kind !== 'cover') return state;
      if (state.cover.phase === 'running') return root(state, { type: 'cover/stop' });
      return state.cover.phase === 'stopping' ? state : pop(state);
    default:
      return null;
  }
};
