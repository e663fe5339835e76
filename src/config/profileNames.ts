// Profiles are keys of plain objects (the config file's "profiles"): `__proto__` as a key changes
// the object's prototype instead of naming a profile, and `constructor` and `prototype` find what
// every object inherits. Such a name is refused where it is given and skipped where it is read.
import { ConfigError } from './errors';

const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

export const isReservedProfileName = (name: string): boolean => RESERVED.has(name);

/** `name` as given (`from` says where: `--profile`), or a ConfigError in words when it cannot name a profile. */
export function checkedProfileName(name: string, from: string): string {
  if (isReservedProfileName(name)) {
    throw new ConfigError(
      'badValue',
      `${from} "${name}" cannot name a profile: JavaScript objects keep that name for themselves; choose another (nothing was changed)`,
    );
  }
  return name;
}
