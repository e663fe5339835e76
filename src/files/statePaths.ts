// Where a profile's state lives: $XDG_STATE_HOME/sitedeck (a relative XDG_STATE_HOME is ignored, as
// the XDG spec says), else ~/.local/state/sitedeck; one database per profile in it. And the deck's
// warm-start file in the cache folder.
import { createHash } from 'node:crypto';
import { isAbsolute, join } from 'node:path';
import { homeFrom } from './home';

export type Env = Readonly<Record<string, string | undefined>>;

export function stateDirFrom(env: Env, home: string = homeFrom(env)): string {
  const xdg = env.XDG_STATE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'sitedeck');
  return join(home, '.local', 'state', 'sitedeck');
}

/** The profile's state database (its name made safe for a file name). */
export function databasePath(env: Env, profile: string): string {
  return join(stateDirFrom(env), `state-${encodeURIComponent(profile)}.sqlite`);
}

/** A JSON state file of an earlier sitedeck (`history`, `searches`), read into the database once. */
export function oldStateFile(env: Env, kind: 'history' | 'searches', profile: string): string {
  return join(stateDirFrom(env), `${kind}-${encodeURIComponent(profile)}.json`);
}

/** The deck's last pages of a profile in the cache folder; the name says nothing about the profile, the hosts or the key. */
export function deckCacheFile(cacheDir: string, profile: string): string {
  return join(cacheDir, `deck-${createHash('sha256').update(`profile\0${profile}`).digest('hex').slice(0, 24)}.json`);
}
