// Every local path sitedeck reads, creates, locks, replaces or removes: one row each, with the rule
// it is held to. Nothing outside src/files imports node:fs (eslint.config.js), so each of these is
// reached through this folder's functions, and the rules below are theirs. `sitedeck doctor` lists
// the rows with what is there now (doctorFiles.ts); test/robust/hostile-files.test.ts plants every
// hostile kind at every row.
import { join } from 'node:path';
import { DATABASE_MAX_BYTES, SIDE_FILES } from './db/open';
import { databasePath, deckCacheFile, oldStateFile } from './statePaths';
import { SITEMAP_MAX_BYTES } from './sitemapFile';

/** The folders and names a run works with (each from its environment: XDG_*, SITEDECK_CONFIG_DIR, HOME). */
export interface Places {
  configDir: string;
  stateDir: string;
  cacheDir: string;
  /** The environment the state paths are read from. */
  env: Readonly<Record<string, string | undefined>>;
  profile: string;
}

type LocalKind = 'folder' | 'file' | 'database' | 'lock' | 'temporary';

/** Who may own it: you, or you or root (a config file root made for you). */
type Owner = 'you' | 'you or root';

export interface LocalFile {
  id: LocalFileId;
  /** Its name in doctor's list. */
  title: string;
  /** What it holds, in a few words (doctor, docs). */
  what: string;
  kind: LocalKind;
  /** Where it is, given the run's places; several for a row of many files; none when it has no fixed place. */
  paths: (p: Places) => readonly string[];
  /** The mode sitedeck makes it with. */
  mode: number;
  /** The most it may hold, in bytes; undefined for a folder, or where the setting max_state_file_mb says. */
  maxBytes?: number;
  owner: Owner;
  /** Whether a symbolic link at the name is followed (only where people link it on purpose). */
  followsLinks: boolean;
  /** What sitedeck does when the thing there is not as the row says. */
  whenWrong: string;
}

export type LocalFileId =
  | 'configFolder'
  | 'config'
  | 'lock'
  | 'temporary'
  | 'stateFolder'
  | 'database'
  | 'oldState'
  | 'cacheFolder'
  | 'deckCache'
  | 'compiledFolder'
  | 'auditOutput'
  | 'editorFile'
  | 'emulatorData'
  | 'sitemapFile';

const configFile = (p: Places) => join(p.configDir, 'config.json');

export const LOCAL_FILES: readonly LocalFile[] = [
  {
    id: 'configFolder',
    title: 'config folder',
    what: 'profiles, saved views and keys',
    kind: 'folder',
    paths: (p) => [p.configDir],
    mode: 0o700,
    owner: 'you or root',
    followsLinks: true,
    whenWrong: 'a config file with a key or key command in it is refused, with the chmod that fixes it',
  },
  {
    id: 'config',
    title: 'config file',
    what: 'config.json: profiles, views, keys (you edit it)',
    kind: 'file',
    paths: (p) => [configFile(p)],
    mode: 0o600,
    owner: 'you or root',
    // Dotfile managers link it from a repository on purpose; what the link leads to is checked as the file.
    followsLinks: true,
    whenWrong:
      'refused in words before it is read (not a regular file, larger than max_state_file_mb, nested too deep, not JSON); ' +
      'holding a key or key command, refused when others can write it or read the key; every command stops with a usage error; ' +
      'another user’s is read but never replaced (config set stops with a usage error); a link is changed where it leads, the link kept',
  },
  {
    id: 'lock',
    title: 'lock',
    what: '<file>.lock beside config.json and the deck cache while one process changes it',
    kind: 'lock',
    paths: (p) => [`${configFile(p)}.lock`, `${deckCacheFile(p.cacheDir, p.profile)}.lock`],
    mode: 0o600,
    maxBytes: 256,
    owner: 'you',
    followsLinks: false,
    whenWrong:
      'anything but a small regular file of yours is refused in words, never waited on or removed; ' +
      'one left by a process that is gone (its pid free, or taken by a later process) is taken over',
  },
  {
    id: 'temporary',
    title: 'temporary file',
    what: '<file>.<pid>.<start>.<random>.tmp beside a file being replaced',
    kind: 'temporary',
    // Beside the files replaced whole under a lock: doctor lists what it finds there.
    paths: (p) => [configFile(p), deckCacheFile(p.cacheDir, p.profile)],
    mode: 0o600,
    owner: 'you',
    followsLinks: false,
    whenWrong:
      'made exclusively under a new name each time; one a writer that is gone left is removed at the next write, ' +
      'anything else at such a name is left alone and named by doctor',
  },
  {
    id: 'stateFolder',
    title: 'state folder',
    what: 'what sitedeck keeps between runs',
    kind: 'folder',
    paths: (p) => [p.stateDir],
    mode: 0o700,
    owner: 'you',
    followsLinks: false,
    whenWrong: 'refused in words (a link, not yours, writable by others): the pacer, the score history and searches are kept for the session only',
  },
  {
    id: 'database',
    title: 'state database',
    what: "the profile's state database: the pacer's budget, the score history, earlier searches",
    kind: 'database',
    paths: (p) => {
      const db = databasePath(p.env, p.profile);
      return [db, ...SIDE_FILES.map((s) => `${db}${s}`)];
    },
    mode: 0o600,
    maxBytes: DATABASE_MAX_BYTES,
    owner: 'you',
    followsLinks: false,
    whenWrong:
      'refused in words before SQLite opens it (not a regular file of yours, too large, not a database): kept for the session only, the file left as it is',
  },
  {
    id: 'oldState',
    title: 'old state file',
    what: "an earlier sitedeck's history and searches files, read into the database once",
    kind: 'file',
    paths: (p) => [oldStateFile(p.env, 'history', p.profile), oldStateFile(p.env, 'searches', p.profile)],
    mode: 0o600,
    owner: 'you',
    followsLinks: true,
    whenWrong: 'one that cannot be read is left where it is and said once; it is not tried again',
  },
  {
    id: 'cacheFolder',
    title: 'cache folder',
    what: 'what can always be made again',
    kind: 'folder',
    paths: (p) => [p.cacheDir],
    mode: 0o700,
    owner: 'you',
    followsLinks: false,
    whenWrong: 'refused in words (a link, not yours, writable by others): the deck starts without its last pages, the compile cache is off',
  },
  {
    id: 'deckCache',
    title: 'deck cache',
    what: "the deck's last pages of the profile, drawn at once on the next start",
    kind: 'file',
    paths: (p) => [deckCacheFile(p.cacheDir, p.profile)],
    mode: 0o600,
    owner: 'you',
    followsLinks: false,
    whenWrong: 'refused in words (a link, not a regular file of yours, too large): neither drawn nor written; the deck starts from the hosts',
  },
  {
    id: 'compiledFolder',
    title: 'compiled code',
    what: "Node's compiled code of sitedeck",
    kind: 'folder',
    paths: (p) => [join(p.cacheDir, 'compiled')],
    mode: 0o700,
    owner: 'you',
    followsLinks: false,
    whenWrong: 'refused in words by doctor, and the compile cache is off for the run',
  },
  {
    id: 'auditOutput',
    title: 'audit output',
    what: 'the document `reports audit --output NAME` writes (- is standard output)',
    kind: 'file',
    paths: () => [],
    mode: 0o644,
    owner: 'you',
    followsLinks: false,
    whenWrong: 'a link, a FIFO, a device, a socket or a folder at the name is refused in words before any request, a usage error',
  },
  {
    id: 'editorFile',
    title: 'editor file',
    what: 'values.txt in a new private folder under the temporary folder while $EDITOR runs (Ctrl+E)',
    kind: 'temporary',
    paths: () => [],
    mode: 0o600,
    owner: 'you',
    followsLinks: false,
    whenWrong:
      'made in a new folder of its own (mkdtemp, 0700), read back only as a regular file of yours within bounds ' +
      '(a link, a FIFO, another user’s file is refused in words), removed after',
  },
  {
    id: 'emulatorData',
    title: 'emulator data',
    what: 'the emulator’s data file (`sitedeck serve --data FILE`)',
    kind: 'file',
    paths: () => [],
    mode: 0o600,
    owner: 'you',
    followsLinks: true,
    whenWrong: 'refused in words naming it at start (not a regular file, too large, not JSON, not its data): serve stops with a usage error',
  },
  {
    id: 'sitemapFile',
    title: 'sitemap file',
    what: 'a sitemap given to `reports cover FILE` (.xml, or .xml.gz), only read',
    kind: 'file',
    paths: () => [],
    mode: 0o644,
    maxBytes: SITEMAP_MAX_BYTES,
    owner: 'you',
    followsLinks: true,
    whenWrong: 'not a regular file (a FIFO, a device, a folder) or over 50 MB is refused in words naming it before any request, a usage error; nothing is sent',
  },
];
