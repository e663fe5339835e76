// The key table is data below the deck and the commands (src/keys): its ids are the only binding
// ids, every key a row's words name is a row, the overlays the state draws are the overlays the
// table knows, and what the deck does for a row (src/ui/keys/keyDoes.ts) tests `when` exactly where
// the row has words for it.
import { describe, expect, it } from 'vitest';
import { KEY_REF } from '../../src/keys/keyRef';
import { BROWSED, MODE_KINDS, SCREEN_KINDS, type OverlayKind } from '../../src/keys/modes';
import { KEY_ROWS, KEYS, type BindingId } from '../../src/keys/table';
import type { Overlay } from '../../src/state/mode';
import { DOES } from '../../src/ui/keys/keyDoes';

/** The state's overlays and the table's are one set (a type-check: this line fails to compile when they differ). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const overlaysMatch: Same<Overlay['kind'], OverlayKind> = true;

describe('the key table', () => {
  it('names only bindings of its own in its words', () => {
    const ids = new Set<string>(Object.keys(KEYS));
    const named = KEY_ROWS.flatMap((r) => [...r.description.matchAll(KEY_REF)].flatMap((m) => m[2]!.split('|')));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((id) => !ids.has(id))).toEqual([]);
  });

  it('has a row per id, in every mode a known mode, and the keys every screen shares on every browsed screen', () => {
    expect(overlaysMatch).toBe(true);
    expect(KEY_ROWS.map((r) => r.id)).toEqual(Object.keys(KEYS));
    expect(KEY_ROWS.flatMap((r) => r.modes).filter((m) => !MODE_KINDS.includes(m))).toEqual([]);
    const shared: BindingId[] = [
      'interrupt',
      'help.open',
      'prompt.open',
      'tab.websites',
      'tab.reports',
      'tab.projects',
      'tab.next',
      'tab.prev',
      'messages.open',
    ];
    for (const id of shared) expect(KEYS[id].modes, id).toEqual(expect.arrayContaining([...BROWSED]));
    // The form types text: it is the one screen the shared keys (but Ctrl+C) stay off.
    expect(SCREEN_KINDS.filter((k) => !BROWSED.includes(k))).toEqual(['form']);
  });

  it('is done by the deck with a test of `when` exactly where the row says when in words', () => {
    const mismatched = KEY_ROWS.filter((r) => (r.when !== undefined) !== (DOES[r.id].when !== undefined)).map((r) => r.id);
    expect(mismatched).toEqual([]);
  });
});
