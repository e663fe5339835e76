// The one way a state file (config.json, the history, the warm-start cache, the pacer's state) is
// read: a regular file only, and at most a limit of bytes. A FIFO would hang the read, a link to
// /dev/zero would grow without end and a 1 GB history cost seconds on every run: each is refused in
// words, never read. The file is opened without blocking (a FIFO opens at once) and checked on its
// descriptor (fstat), so what is checked is what would be read, links followed.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { StateFileError } from './errors';
import { kindOf } from './ownFile';
import { MEGABYTE, megabytes } from './size';

/** What a state file may hold unless the user says otherwise: the default of max_state_file_mb (src/config/settings.ts reads it here). */
export const DEFAULT_STATE_FILE_MB = 16;
const DEFAULT_STATE_FILE_BYTES = DEFAULT_STATE_FILE_MB * MEGABYTE;

let limit = DEFAULT_STATE_FILE_BYTES;

/** Sets the limit for this process (from max_state_file_mb, once the settings are known). */
export function setStateFileLimit(bytes: number | undefined): void {
  limit = bytes ?? DEFAULT_STATE_FILE_BYTES;
}

/** The limit in force for this process. */
export const stateFileLimit = (): number => limit;

const READ = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const CHUNK = 64 * 1024;

function notRegular(path: string, s: Stats): StateFileError {
  return new StateFileError('notRegular', `${path} is ${kindOf(s)}, not a regular file; sitedeck did not read it (remove it, or make it a file)`, path);
}

function tooLarge(path: string, size: number | undefined, max: number): StateFileError {
  const what = size === undefined ? `holds more than ${megabytes(max)}` : `is ${megabytes(size)}, more than ${megabytes(max)}`;
  return new StateFileError(
    'tooLarge',
    `${path} ${what}, the most a state file may be (max_state_file_mb); sitedeck did not read it (remove it, or raise the limit)`,
    path,
  );
}

function unreadable(path: string, e: unknown): StateFileError {
  const code = (e as NodeJS.ErrnoException).code;
  return new StateFileError('unreadable', `cannot read ${path} (${code ?? (e as Error).message})`, path);
}

/** An open that failed: no file is undefined, anything else unreadable. */
function openFailed(path: string, e: unknown): undefined {
  if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  throw unreadable(path, e);
}

/** A read that failed: a refusal in words stays one, anything else is unreadable. */
function readFailed(path: string, e: unknown): never {
  throw e instanceof StateFileError ? e : unreadable(path, e);
}

/** The file's text; undefined when there is none. Throws a StateFileError in words otherwise. */
export function readStateFileSync(path: string, max = limit): string | undefined {
  return readStateFileAndOwnerSync(path, max)?.text;
}

/** The file's text with the mode and owner of what was read (the descriptor's, not the name's); undefined when there is none. */
export function readStateFileAndOwnerSync(path: string, max = limit): { text: string; mode: number; uid: number } | undefined {
  let fd: number;
  try {
    fd = openSync(path, READ);
  } catch (e) {
    return openFailed(path, e);
  }
  try {
    const st = fstatSync(fd);
    checkOpened(path, st, max);
    const chunks = new Chunks(path, max);
    for (let buf = Buffer.allocUnsafe(CHUNK); chunks.add(buf, readSync(fd, buf, 0, CHUNK, null)); buf = Buffer.allocUnsafe(CHUNK));
    return { text: chunks.text(), mode: st.mode, uid: st.uid };
  } catch (e) {
    return readFailed(path, e);
  } finally {
    closeSync(fd);
  }
}

/** A regular file within `max` bytes, as opened (a FIFO, a device or a link to one is never read). */
function checkOpened(path: string, st: Stats, max: number): void {
  if (!st.isFile()) throw notRegular(path, st);
  if (st.size > max) throw tooLarge(path, st.size, max);
}

/** The chunks of one read, refused once past `max`: a file that grew while read no longer fits the size checked. */
class Chunks {
  private readonly parts: Buffer[] = [];
  private total = 0;
  constructor(
    private readonly path: string,
    private readonly max: number,
  ) {}

  /** Keeps the `n` bytes read into `buf` (a fresh buffer each time); false at the end of the file. */
  add(buf: Buffer, n: number): boolean {
    if (n === 0) return false;
    this.total += n;
    if (this.total > this.max) throw tooLarge(this.path, undefined, this.max);
    this.parts.push(n === buf.length ? buf : buf.subarray(0, n));
    return true;
  }

  text(): string {
    return Buffer.concat(this.parts, this.total).toString('utf8');
  }
}

/** The asynchronous form, for the deck (a frame never waits on the disk). */
export async function readStateFile(path: string, max = limit): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(path, READ);
  } catch (e) {
    return openFailed(path, e);
  }
  try {
    checkOpened(path, await handle.stat(), max);
    const chunks = new Chunks(path, max);
    for (let buf = Buffer.allocUnsafe(CHUNK); chunks.add(buf, (await handle.read(buf, 0, CHUNK, null)).bytesRead); buf = Buffer.allocUnsafe(CHUNK));
    return chunks.text();
  } catch (e) {
    return readFailed(path, e);
  } finally {
    await handle.close();
  }
}

/**
 * Why a state file's text is not JSON, without quoting it: JSON.parse's own message holds the
 * file's first bytes ("Unexpected token 'r', "root:x:0:0"..."), which may be anyone's secrets.
 */
export function jsonProblem(e: unknown): string {
  const at = /position (\d+)/.exec((e as Error)?.message ?? '');
  return at ? `not valid JSON at character ${Number(at[1]) + 1}` : 'not valid JSON';
}
