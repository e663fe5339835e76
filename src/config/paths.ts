import { homeFrom } from '../files/home';
import { isAbsolute, join } from 'node:path';
import { CONFIG_DIR_ENV } from './environment';

export type Env = Readonly<Record<string, string | undefined>>;

const CONFIG_FILE_NAME = 'config.json';

/** $SITEDECK_CONFIG_DIR, else $XDG_CONFIG_HOME/sitedeck, else ~/.config/sitedeck. */
export function configDirFrom(env: Env, home: string = homeFrom(env)): string {
  const chosen = env[CONFIG_DIR_ENV];
  if (chosen) return chosen;
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'sitedeck');
  return join(home, '.config', 'sitedeck');
}

export function configPathIn(dir: string): string {
  return join(dir, CONFIG_FILE_NAME);
}
