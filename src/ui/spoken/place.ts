// Where the deck is, said first: the tab and its position, the list's size, page and sort, and
// whatever narrows it (search, filters), then the states the header shows by colour or glyph.
import { RESULT_CLASS_VALUES, resourceDef } from '../../domain';
import { pageInfo } from '../../state/selectors';
import { tabShown } from '../../state/stack';
import { shownProjects } from '../../state/projectsState';
import { TABS, type DeckState } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { groupDigits, plural } from '../../text/digits';
import { sortName } from '../words/columns';
import { joined } from './line';
import { PROJECT_SORTS } from '../../domain';
import { ageText } from '../../cache/age';
import { keyWords } from '../keys/keyWords';

/** Websites, Reports and Projects: the tabs 1, 2 and 3. */
const TAB_COUNT = TABS.length + 1;

const direction = (sort: string | undefined) => (sort === 'asc' ? 'ascending' : 'descending');

/** The host's request budget, when the header shows it: what is left, or that requests wait (no countdown: it would be said every second). */
function spokenBudget(state: DeckState, now: number): string | null {
  const b = state.budget[state.tab];
  if (!b) return null;
  if (b.waitingUntil !== null && b.waitingUntil > now) return 'requests wait for the rate limit';
  return `rate limit ${b.remaining} of ${b.limit} left`;
}

/** `Websites, tab 1 of 3, 37 websites, page 1 of 4, sorted by id descending`, then search and filters. */
export function spokenPlace(state: DeckState, now: number, opts: { demo?: boolean } = {}): string {
  const tab = state.tabs[state.tab];
  const def = resourceDef(state.tab);
  const q = tab.query;
  const { page, lastPage, total } = pageInfo(tab);
  return joined([
    def.title,
    // A project's reports sit on the Projects tab, over its view (src/state/nav.ts).
    tabShown(state) === 'projects' ? `tab ${TAB_COUNT} of ${TAB_COUNT}, over Projects` : `tab ${TABS.indexOf(state.tab) + 1} of ${TAB_COUNT}`,
    total === null ? null : plural(total, def.singular),
    // No page is known before the first rows come (said with them, not as `page 1 of 1`).
    tab.data ? `page ${groupDigits(page)} of ${groupDigits(lastPage)}` : null,
    `sorted by ${sortName(state.tab, q.sort_by ?? 'id')} ${direction(q.sort)}`,
    q.search || state.overlay?.kind === 'search' ? `search "${sanitize(q.search ?? '')}"` : null,
    q.result ? `result ${q.result}` : null,
    q.project ? `project ${sanitize(q.project)}` : null,
    state.marked[state.tab].length ? `${state.marked[state.tab].length} marked` : null,
    tab.cachedAt !== null ? `cached ${ageText(now - tab.cachedAt)}` : null,
    tab.stale ? 'stale' : null,
    state.watch ? `watch every ${state.watch.seconds} seconds` : null,
    spokenBudget(state, now),
    opts.demo ? 'demo' : null,
    state.readOnly ? 'read-only' : null,
  ]);
}

/** `Projects, tab 3 of 3, 12 projects from 300 reports, sorted by average descending`. */
export function spokenProjectsPlace(state: DeckState): string {
  const p = state.projects;
  const of = p.total === null ? '' : ` of ${p.total}`;
  const read =
    p.status === 'idle'
      ? 'reports not read yet'
      : p.status === 'loading'
        ? `reading reports, ${p.read}${of} read, ${plural(p.rows.length, 'project')} so far`
        : p.status === 'failed'
          ? `stopped after ${p.read}${of} reports, ${plural(p.rows.length, 'project')}, partial: ${sanitize(keyWords(p.error ?? 'failed'))}`
          : `${plural(p.rows.length, 'project')} from ${plural(p.read, 'report')}`;
  const filter =
    p.filter || state.overlay?.kind === 'search' ? `${shownProjects(p).length} of ${plural(p.rows.length, 'project')} matching "${sanitize(p.filter)}"` : null;
  const sortLabel = PROJECT_SORTS.find((s) => s.value === p.sortBy)?.label.toLowerCase() ?? p.sortBy;
  return joined([
    'Projects',
    `tab ${TAB_COUNT} of ${TAB_COUNT}`,
    read,
    filter,
    `sorted by ${sortLabel} ${direction(p.sort)}`,
    state.readOnly ? 'read-only' : null,
  ]);
}

/** The Reports tab's good/decent/bad counts for its search and project, in words. */
export function spokenDistribution(state: DeckState): string | null {
  if (state.tab !== 'reports') return null;
  const counts = state.distribution.counts;
  if (!counts) return null;
  return `results: ${RESULT_CLASS_VALUES.map((c) => `${counts[c]} ${c}`).join(', ')}`;
}

/**
 * A place line in its parts, as `joined` made it (`, ` between them; a quoted search keeps its
 * commas), for the writer to say only the parts that changed.
 */
export function placeParts(line: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (!quoted && line[i] === ',' && line[i + 1] === ' ') {
      parts.push(line.slice(start, i));
      start = i + 2;
      i++;
    }
  }
  parts.push(line.slice(start));
  return parts.filter(Boolean);
}

/**
 * Parts of a place that move with the clock or with every request, said when a screen is entered
 * and not each time they move: the cache's age, the budget left, a read's running count.
 */
export const TICKING: readonly RegExp[] = [/^cached /, /^rate limit \d+ of \d+ left$/, / so far$/];

/** A part that counts a long run (`120 of 300 read`, `Updating 12/53`): said at its start, about every quarter, and done. */
export function progressOf(text: string): { done: number; total: number } | null {
  const m = /(\d+)(?: of |\/)(\d+)(?: read\b|\b)/.exec(text);
  if (!m || !/ read$|\d+\/\d+/.test(text)) return null;
  const total = Number(m[2]);
  return total > 0 ? { done: Number(m[1]), total } : null;
}
