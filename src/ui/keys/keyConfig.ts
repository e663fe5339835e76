// The config file's `keys` given to the deck's one keymap; reading and checking the section is
// src/keys/config.ts (beside the table, where `sitedeck config keys` reads it too).
import type { BindingId } from '../../keys/table';
import { keysLabel, type KeySpec } from '../../keys/spec';
import { KEYMAP, type Binding } from './keymap';

export { readKeyConfig } from '../../keys/config';

/**
 * Gives the deck's one keymap the user's keys (once, at start): the router, the footer and the
 * help read it, so they all show and obey the same keys.
 */
export function applyKeyConfig(keys: ReadonlyMap<BindingId, KeySpec[]>): void {
  for (const b of KEYMAP as Binding[]) {
    const mine = keys.get(b.id);
    if (!mine) continue;
    b.keys = mine;
    b.label = keysLabel(mine);
  }
}
