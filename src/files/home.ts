// The home folder of the environment a run is given (its HOME, as Node's os.homedir() reads the
// process's): a command run on the seam with its own HOME keeps its config, state and cache there.
import { homedir } from 'node:os';
import { isAbsolute } from 'node:path';

export function homeFrom(env: Readonly<Record<string, string | undefined>>): string {
  const home = env.HOME;
  return home && isAbsolute(home) ? home : homedir();
}
