// The mouse, where the terminal reports it (SGR mode 1006): the wheel scrolls, a click on a row
// selects it, a second click on it opens it, a click on a tab switches to it. Parsing and the
// meaning of a click are pure; the router feeds events in, the List says where its rows are.
import type { ListPlace } from '../../state/chrome/state';
import type { Action } from '../../state/actions';
import { listParam, resourceDef } from '../../domain';
import type { DeckState, TabName } from '../../state/types';
import { modeOf, tabShown } from '../../state/stack';
import { HEADER_LINE } from '../layout/layout';

/** The fields a tab's list can be sorted by (its sort_by choices). */
const sortFields = (tab: TabName): string[] => (listParam(resourceDef(tab), 'sort_by')?.choices ?? []).map((c) => String(c.value));

/** Turns reporting on (presses, releases, the wheel) in SGR coordinates, and off again. */
export const MOUSE_ON = '\x1b[?1000h\x1b[?1006h';
export const MOUSE_OFF = '\x1b[?1006l\x1b[?1000l';

export type MouseEvent = { kind: 'wheel'; delta: 1 | -1; x: number; y: number } | { kind: 'press'; x: number; y: number };

/** ESC [ < button ; column ; row M (press) or m (release), 1-based. */
const SGR = /\x1b\[<(\d+);(\d+);(\d+)([Mm])/g;

/** The mouse events in `input`, and the input without them (the keys Ink should still see). */
export function extractMouse(input: string): { rest: string; events: MouseEvent[] } {
  if (!input.includes('\x1b[<')) return { rest: input, events: [] };
  const events: MouseEvent[] = [];
  const rest = input.replace(SGR, (_all, b: string, x: string, y: string, end: string) => {
    const button = Number(b);
    const at = { x: Number(x), y: Number(y) };
    if (button === 64 || button === 65) events.push({ kind: 'wheel', delta: button === 64 ? -1 : 1, ...at });
    else if ((button & ~28) === 0 && end === 'M') events.push({ kind: 'press', ...at }); // left button (modifiers allowed), not a drag
    return '';
  });
  return { rest, events };
}

/** Screen columns (1-based, end excluded) of each tab title in the header. */
type TabSpans = readonly { tab: TabName | 'projects'; from: number; to: number }[];

export interface Geometry {
  list: ListPlace | null;
  tabs: TabSpans;
}

/** Two presses on the same row within this long open it. */
export const DOUBLE_CLICK_MS = 400;

export interface ClickMemory {
  at: number;
  index: number;
  tab: TabName;
}

/** What a mouse event does in this state (null: nothing), and what to remember for a double click. */
export function mouseAction(
  state: DeckState,
  ev: MouseEvent,
  geo: Geometry,
  now: number,
  last: ClickMemory | null,
): { actions: Action[]; remember: ClickMemory | null } {
  const mode = modeOf(state).kind;
  if (ev.kind === 'wheel') {
    if (mode === 'detail') return { actions: [{ type: 'detail/scroll', delta: ev.delta * 3 }], remember: last };
    if (mode === 'list') return { actions: [{ type: 'cursor/move', delta: ev.delta }], remember: last };
    return { actions: [], remember: last };
  }
  if (mode !== 'list' && mode !== 'detail' && mode !== 'projects') return { actions: [], remember: null };
  // The tabs are on the header, the screen's first line; the Projects tab opens its view as 3 does.
  const tab = ev.y === HEADER_LINE ? geo.tabs.find((t) => ev.x >= t.from && ev.x < t.to) : undefined;
  // A click on the tab shown leaves its screens as they are (its key would go to its first screen).
  if (tab?.tab === 'projects') return { actions: tabShown(state) === 'projects' ? [] : [{ type: 'projects/open' }], remember: null };
  if (tab) return { actions: tab.tab === tabShown(state) ? [] : [{ type: 'tab/select', tab: tab.tab }], remember: null };
  if (mode === 'projects') return { actions: [], remember: null };
  const l = geo.list;
  // A column header (the line above the rows, layout.ts: firstRowLine): sort by it (again: the other way), when the list sorts by that field.
  if (mode === 'list' && l && l.tab === state.tab && ev.y === l.top - 1) {
    const col = l.columns?.find((c) => ev.x >= c.from && ev.x < c.to);
    const q = state.tabs[state.tab].query;
    if (!col || !sortFields(state.tab).includes(col.field)) return { actions: [], remember: null };
    const sort = q.sort_by === col.field ? (q.sort === 'asc' ? 'desc' : 'asc') : undefined;
    return { actions: [{ type: 'sort/set', sortBy: col.field, ...(sort ? { sort } : {}) }], remember: null };
  }
  if (mode !== 'list' || !l || l.tab !== state.tab || ev.x > l.width || ev.y < l.top || ev.y >= l.top + l.rows) return { actions: [], remember: null };
  const index = l.start + (ev.y - l.top);
  const count = state.tabs[state.tab].data?.items.length ?? 0;
  if (index >= count) return { actions: [], remember: null };
  const cursor = state.tabs[state.tab].cursor;
  const move: Action[] = index === cursor ? [] : [{ type: 'cursor/move', delta: index - cursor }];
  if (last && last.tab === state.tab && last.index === index && now - last.at <= DOUBLE_CLICK_MS)
    return { actions: [...move, { type: 'detail/open' }], remember: null };
  return { actions: move, remember: { at: now, index, tab: state.tab } };
}

/** Listeners for mouse events (the App subscribes while it is mounted). */
const listeners = new Set<(ev: MouseEvent) => void>();
export function onMouse(fn: (ev: MouseEvent) => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}
export function emitMouse(events: readonly MouseEvent[]): void {
  for (const ev of events) for (const fn of listeners) fn(ev);
}
