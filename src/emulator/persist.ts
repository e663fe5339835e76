// The data file: loaded at start, saved shortly after each mutation. It is read as every state file
// is (a regular file within its bound: a FIFO or a link to a device is refused in words) and
// written as every file sitedeck replaces is (src/files/replace.ts: a private temporary file made
// exclusively, fsynced, renamed over the old one), so a kill at any moment leaves either the old
// file or the new one, never a torn one, and a temporary file a killed emulator left is swept.

import { dirname } from 'node:path';
import { jsonProblem, MEGABYTE, readStateFileSync, replaceFile } from '../files';
import { makeFolder } from '../files/look';
import type { Snapshot } from './store';

/** The emulator at scale (150 000 records) writes tens of MB; a file past this is not its data. */
const DATA_MAX_BYTES = 1024 * MEGABYTE;

/** The snapshot in `file`, or undefined when there is none yet. */
export function loadSnapshot(file: string): Snapshot | undefined {
  const text = readStateFileSync(file, DATA_MAX_BYTES);
  if (text === undefined) return undefined;
  let parsed: Snapshot;
  try {
    parsed = JSON.parse(text) as Snapshot;
  } catch (e) {
    throw new Error(`${file} is ${jsonProblem(e)}, not a sitedeck emulator data file`, { cause: e });
  }
  if (parsed?.version !== 1 || !Array.isArray(parsed.websites) || !Array.isArray(parsed.reports)) {
    throw new Error(`${file} is not a sitedeck emulator data file`);
  }
  return parsed;
}

const MIN_DELAY_MS = 20;
const MAX_DELAY_MS = 2000;

async function writeAtomically(file: string, text: string): Promise<void> {
  makeFolder(dirname(file), 0o700);
  await replaceFile(file, text);
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
