import { flagAttribute, SETTING_NAMES, SETTINGS, type SettingDef } from './settings';
import type { ConfigFlags } from './types';

/**
 * Parsed command-line options (commander's camelCase names) → the config contract's flags: the
 * profile and each setting's flag when it was given (`--no-x` only counts when it says false,
 * a switch like `--read-only` only when it says true).
 */
export function configFlagsFrom(opts: Readonly<Record<string, unknown>>): ConfigFlags {
  const flags: ConfigFlags = { profile: typeof opts.profile === 'string' ? opts.profile : undefined };
  for (const name of SETTING_NAMES) {
    const def: SettingDef = SETTINGS[name];
    if (!def.flag) continue;
    const attr = flagAttribute(def.flag);
    const v = opts[attr];
    if (def.flag.startsWith('--no-')) flags[attr] = v === false ? false : undefined;
    else if (!def.flag.includes('<')) flags[attr] = v === true ? true : undefined;
    else flags[attr] = typeof v === 'string' ? v : undefined;
  }
  return flags;
}
