// The one answer to "where am I": the screen stack and the overlay above it. Every move between
// screens is one of these steps; no slice writes `stack` or `overlay` but through them.
import type { AuditView } from './auditState';
import type { Mode, Overlay, Screen } from './mode';
import type { TabName } from './tabs';

interface Placed {
  stack: readonly Screen[];
  overlay: Overlay | null;
  tab: TabName;
}

export const BASE_LIST: Screen = { kind: 'list' };

/** The screen drawn (under any overlay). */
export const topScreen = (s: Placed): Screen => s.stack[s.stack.length - 1];

/** What takes the keys: the overlay, else the top screen. */
export const modeOf = (s: Placed): Mode => s.overlay ?? topScreen(s);

/** A screen on top of the stack; whatever was drawn over the old top closes. */
export function push<S extends Placed>(s: S, screen: Screen): S {
  return { ...s, stack: [...s.stack, screen], overlay: null };
}

/** Back to the screen below (the base stays). The deck pops through nav.ts's back(), which also puts a list aside back. */
export function pop<S extends Placed>(s: S): S {
  if (s.stack.length <= 1) return s.overlay ? { ...s, overlay: null } : s;
  return { ...s, stack: s.stack.slice(0, -1), overlay: null };
}

/** The top screen with new state of its own (a cursor, a scroll). */
export function replaceTop<S extends Placed>(s: S, screen: Screen): S {
  return { ...s, stack: [...s.stack.slice(0, -1), screen] };
}

/** Every screen of a kind gone from the stack (a form closes wherever it is), and its question with it. */
export function without<S extends Placed>(s: S, kind: Screen['kind']): S {
  const stack = s.stack.filter((x) => x.kind !== kind);
  return { ...s, stack: stack.length ? stack : [BASE_LIST], overlay: null };
}

export function openOverlay<S extends Placed>(s: S, overlay: Overlay): S {
  return { ...s, overlay };
}

/** The overlay closed when it is of this kind (or any, with none given). */
export function closeOverlay<S extends Placed>(s: S, kind?: Overlay['kind']): S {
  if (!s.overlay || (kind && s.overlay.kind !== kind)) return s;
  return { ...s, overlay: null };
}

/** The tab shown (each keeps its own stack, src/state/nav.ts): Projects when its view is the base, else the list's tab. */
export const tabShown = (s: Placed): TabName | 'projects' => (s.stack[0].kind === 'projects' ? 'projects' : s.tab);

/** The Audit view's level on top, if the top screen is one. */
export function auditOf(s: Placed): AuditView | null {
  const t = topScreen(s);
  return t.kind === 'audit' ? t.audit : null;
}
