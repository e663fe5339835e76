// Who may change the file sitedeck takes a key or a key command from. As ssh and gh treat their
// configs: whoever can write config.json (or replace it in its directory) chooses the program
// api_key_command runs and the host the key is sent to, and whoever can read it has the key. So a
// file that holds api_key or api_key_command must be yours (or root's), writable by you alone, in
// a directory only you (or root) can write; a key also must not be readable by others.
// One rule for loading (src/config/file.ts) and for `doctor` (src/commands/doctorConfig.ts). A folder
// sitedeck keeps code or pages in follows the folder rule (src/files/ownFolder.ts).
import { modeText, ownedByOther, STICKY, WRITABLE_BY_OTHERS, type Exposure, type Owner } from '../files/ownFolder';
import { CONFIG_DIR_ENV } from './environment';

export { currentUid, modeText, type Exposure, type Owner } from '../files/ownFolder';

/** What a config file holds that makes its permissions matter. */
export type Holds = 'api_key' | 'api_key_command' | 'nothing';

const ANY_FOR_OTHERS = 0o077;

/**
 * The file `path` holding `holds`, with its stat and its directory's: null when it may be trusted
 * with it, else what is wrong in words (the path and the mode) and the chmod or chown that fixes it.
 */
export function exposure(path: string, holds: Holds, file: Owner, dir: { path: string } & Owner, me: number | undefined): Exposure | null {
  if (holds === 'nothing' || me === undefined) return null;
  const what = `${path} holds ${holds}`;
  if (ownedByOther(file, me)) {
    return { path, problem: `${what} but is owned by another user (uid ${file.uid}), who can change it`, fix: `chown ${me} ${path} && chmod 600 ${path}` };
  }
  if ((file.mode & WRITABLE_BY_OTHERS) !== 0) {
    return { path, problem: `${what} but other users can write it (mode ${modeText(file.mode)})`, fix: `chmod 600 ${path}` };
  }
  if (holds === 'api_key' && (file.mode & ANY_FOR_OTHERS) !== 0) {
    return { path, problem: `${what} but other users can access it (mode ${modeText(file.mode)})`, fix: `chmod 600 ${path}` };
  }
  if (ownedByOther(dir, me)) {
    return {
      path,
      problem: `${what} but its directory ${dir.path} is owned by another user (uid ${dir.uid}), who can replace the file`,
      fix: `keep the config in a directory of your own (${CONFIG_DIR_ENV})`,
    };
  }
  // Sticky (/tmp): others may write in it but cannot replace a file they do not own.
  if ((dir.mode & WRITABLE_BY_OTHERS) !== 0 && (dir.mode & STICKY) === 0) {
    return { path, problem: `${what} but other users can replace it: its directory ${dir.path} has mode ${modeText(dir.mode)}`, fix: `chmod 700 ${dir.path}` };
  }
  return null;
}

/** The sentence a refusal says: the problem, then the fix. */
export const exposureText = (e: Exposure) => `${e.problem}; fix: ${e.fix}`;
