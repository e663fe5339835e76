// The client's messages advise in general terms (the environment variable of a base URL, "refresh");
// a command knows more: where each base URL really came from, and that it has no refresh key.
import { origin, SETTINGS, type ResolvedConfig, type SettingDef, type SettingName } from '../config';

const BASES: SettingName[] = ['base_url', 'seo_base_url'];

/** One line of a command's error, in the words of this command and this configuration. */
export function commandWords(line: string, config: ResolvedConfig): string {
  let out = line;
  for (const name of BASES) {
    const env = (SETTINGS[name] as SettingDef).env!;
    const source = config.sources[name];
    if (source === 'flag' || source === 'file') out = out.split(env).join(origin(name, source, config.profile, config.configDir));
  }
  // A command has no refresh key: reading the record again is how to check.
  return out.replace(/ — refresh to check\./g, ' — read it again to check (get or list).').replace(/deleted elsewhere — refresh([.;])/g, 'deleted elsewhere$1');
}
