// Where sitedeck keeps what it can always make again: the deck's last pages (deckCache.ts) and
// Node's compiled code of the bundle (src/compileCache.ts). No other import: the entry loads it first.
import { homeFrom } from '../files/home';
import { isAbsolute, join } from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

/** $XDG_CACHE_HOME/sitedeck, else ~/.cache/sitedeck (a relative XDG_CACHE_HOME is ignored, as the XDG spec says). */
export function cacheDirFrom(env: Env, home: string = homeFrom(env)): string {
  const xdg = env.XDG_CACHE_HOME;
  return xdg && isAbsolute(xdg) ? join(xdg, 'sitedeck') : join(home, '.cache', 'sitedeck');
}
