// The state layer names a key by what it does, never by its letter: a binding of the one table
// (src/keys/table.ts, whose keys are every BindingId), spelled as the user bound it by the deck.
export { ifKeysApply, keyRef, keysThatApply } from '../keys/keyRef';
