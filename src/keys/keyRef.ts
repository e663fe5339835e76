// Words name a key by what it does (a binding of the one table), never by its letter: the deck
// spells each reference with the key the user has bound (src/keys/words.ts), so a rebound key is
// named as bound in every flash, question, log line, spoken line and the help.
import type { BindingId } from './table';

/** The key bound to `id`, as the user bound it. */
export const keyRef = (id: BindingId): string => `⟦${id}⟧`;

/** The keys among `ids` that may act where the words are shown, joined with "or" (none: nothing). */
export const keysThatApply = (...ids: BindingId[]): string => `⟦?${ids.join('|')}⟧`;

/** Words said only while every key reference inside them names a key that applies. */
export const ifKeysApply = (words: string): string => `⟪${words}⟫`;

/** What keyRef and keysThatApply write, for the one function that spells them. */
export const KEY_REF = /⟦(\??)([a-zA-Z.|]+)⟧/g;
export const IF_KEYS_APPLY = /⟪([^⟪⟫]*)⟫/g;
