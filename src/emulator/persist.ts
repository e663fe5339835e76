// The data file: loaded at start, saved shortly after each mutation. A save writes a temporary
// file in the same directory, fsyncs it and renames it over the old one (then fsyncs the
// directory), so a kill at any moment leaves either the old file or the new one, never a torn one.

import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Snapshot } from './store';

const tmpPrefix = (file: string) => `.${basename(file)}.`;
const TMP_SUFFIX = '.tmp';

/** The snapshot in `file`, or undefined when there is none yet. Leftover temp files are removed. */
export function loadSnapshot(file: string): Snapshot | undefined {
  const dir = dirname(file);
  try {
    for (const name of readdirSync(dir)) {
      if (name.startsWith(tmpPrefix(file)) && name.endsWith(TMP_SUFFIX)) unlinkSync(join(dir, name));
    }
  } catch {
    // no directory yet: nothing to clean
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  const parsed = JSON.parse(text) as Snapshot;
  if (parsed?.version !== 1 || !Array.isArray(parsed.websites) || !Array.isArray(parsed.reports)) {
    throw new Error(`${file} is not a sitedeck emulator data file`);
  }
  return parsed;
}

let tmpCounter = 0;
const MIN_DELAY_MS = 20;
const MAX_DELAY_MS = 2000;

async function writeAtomically(file: string, text: string): Promise<void> {
  const dir = dirname(file);
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `${tmpPrefix(file)}${process.pid}.${++tmpCounter}${TMP_SUFFIX}`);
  const fh = await open(tmp, 'w', 0o600);
  try {
    await fh.writeFile(text, 'utf8');
    await fh.sync();
  } catch (e) {
    await fh.close();
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
  await fh.close();
  await rename(tmp, file);
  try {
    const d = openSync(dir, 'r');
    try {
      fsyncSync(d);
    } finally {
      closeSync(d);
    }
  } catch {
    // some filesystems cannot fsync a directory; the rename is still atomic
  }
}

/**
 * Debounced saver: many mutations in a burst give one write; writes never overlap. The wait
 * grows with the time a save takes, so a big store under a stream of writes stays responsive.
 */
export class Persister {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;
  private delayMs = MIN_DELAY_MS;
  private lastError: unknown;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => Snapshot,
  ) {}

  schedule(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.save();
    }, this.delayMs);
  }

  private save(): Promise<void> {
    this.writing = this.writing.then(async () => {
      if (!this.dirty) return;
      this.dirty = false;
      const t0 = Date.now();
      try {
        await writeAtomically(this.file, JSON.stringify(this.snapshot()));
      } catch (e) {
        this.lastError = e;
      }
      this.delayMs = Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, 2 * (Date.now() - t0)));
    });
    return this.writing;
  }

  /** Writes pending changes now (close, signals); throws if a save since the last flush failed. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    await this.save();
    if (this.lastError !== undefined) {
      const e = this.lastError;
      this.lastError = undefined;
      throw e;
    }
  }

  /** Writes the current state even if nothing changed (a fresh seed). */
  async saveNow(): Promise<void> {
    this.dirty = true;
    await this.flush();
  }
}
