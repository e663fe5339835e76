// The deck's two lists, named as the domain names its resources: the bottom of src/state, imported
// by every slice and importing none.
import type { RecordOf, ResourceName } from '../domain';

export type TabName = ResourceName;
export const TABS: readonly TabName[] = ['websites', 'reports'];

export type AnyRecord = RecordOf[TabName];

/** The deck's three tabs (keys 1 2 3): the two lists and the Projects view. Each keeps its own stack of screens. */
export type Place = TabName | 'projects';
export const PLACES: readonly Place[] = ['websites', 'reports', 'projects'];
