// The state layer names a key by what it does (a binding of the deck's one keymap), never by its
// letter: the frame spells each reference with the key the user has bound (ui/keyWords.ts), so a
// rebound key is named as bound in every flash, question, log line and spoken line.

/** The bindings the state's words refer to (ui/keymap.ts proves each is a binding). */
export type KeyRef =
  | 'change.undo'
  | 'report.rerun'
  | 'record.delete'
  | 'mark.toggle'
  | 'mark.all'
  | 'refresh'
  | 'interrupt'
  | 'form.save'
  | 'form.enter'
  | 'form.cancel'
  | 'form.editor'
  | 'filters.clear'
  | 'search.start'
  | 'prompt.open'
  | 'detail.close'
  | 'audit.back'
  | 'audit.check'
  | 'audit.rerun'
  | 'audit.markAll'
  | 'audit.search'
  | 'audit.refresh'
  | 'search.older'
  | 'copy.menu'
  | 'projects.search'
  | 'projects.close'
  | 'quit'
  | 'help.open'
  | 'copy'
  | 'open'
  | 'view.pick'
  | 'pane.toggle'
  | 'detail.open';

/** The key bound to `id`, as the user bound it. */
export const keyRef = (id: KeyRef): string => `⟦${id}⟧`;

/** The keys among `ids` that may act where the words are shown, joined with "or" (none: nothing). */
export const keysThatApply = (...ids: KeyRef[]): string => `⟦?${ids.join('|')}⟧`;

/** Words said only while every key reference inside them names a key that applies. */
export const ifKeysApply = (words: string): string => `⟪${words}⟫`;

/** What keyRef and keysThatApply write, for the one function that spells them. */
export const KEY_REF = /⟦(\??)([a-zA-Z.|]+)⟧/g;
export const IF_KEYS_APPLY = /⟪([^⟪⟫]*)⟫/g;
