import { REPORTS } from './reports';
import type { ResourceDef, ResourceName } from './types';
import { WEBSITES } from './websites';

export * from './audit';
export * from './baseUrl';
export * from './changes';
export * from './checkReasons';
export * from './choices';
export * from './extras';
export * from './ids';
export * from './parse';
export * from './projects';
export * from './query';
export * from './records';
export * from './rerun';
export * from './results';
export * from './secret';
export * from './types';
export * from './validate';
export * from './views';
export { REPORTS, WEBSITES };

export const RESOURCES: Readonly<Record<ResourceName, ResourceDef>> = { websites: WEBSITES, reports: REPORTS };
export const RESOURCE_NAMES: readonly ResourceName[] = ['websites', 'reports'];

export function resourceDef(name: ResourceName): ResourceDef {
  return RESOURCES[name];
}
export * from './undo';
export * from './bulkWords';
