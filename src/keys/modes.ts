// Where keys act: every screen the deck stacks and every overlay drawn over one. The one list of
// screens is here, at the bottom of the layers: the state's Screen (src/state/mode.ts), the
// registry (src/ui/screens/registry.tsx, an entry per kind), the keys every screen shares, the
// help's sections, a refused key's words and the pager all read it, so a new screen is its kind
// here and its entry in the registry.

/** Every screen the deck stacks. */
export const SCREEN_KINDS = ['list', 'detail', 'form', 'projects', 'audit', 'cover'] as const;
export type ScreenKind = (typeof SCREEN_KINDS)[number];

/** Screens whose keys are text typed into fields: the keys every other screen shares stay off them. */
const TYPING_SCREENS: readonly ScreenKind[] = ['form'];

/** The screens a person browses (all but those that type): `?`, `:`, the tabs and the message log work on each, in this order of fame. */
export const BROWSED: readonly ScreenKind[] = SCREEN_KINDS.filter((k) => !TYPING_SCREENS.includes(k));

/** Every yes/no question the deck asks (src/ui/keys/questions.ts has an entry for each). */
export const QUESTION_KINDS = ['confirm-delete', 'confirm-discard', 'confirm-stop', 'confirm-cover', 'confirm-bulk'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** What can be drawn over the top screen, taking the keys until it closes. */
const OVERLAY_KINDS = ['search', 'help', 'messages', 'prompt', ...QUESTION_KINDS] as const;
export type OverlayKind = (typeof OVERLAY_KINDS)[number];

/** What takes the keys: the overlay when there is one, else the top screen. */
export type ModeKind = ScreenKind | OverlayKind;
export const MODE_KINDS: readonly ModeKind[] = [...SCREEN_KINDS, ...OVERLAY_KINDS];
