// The one reader of state files, on real files: a FIFO (nobody writing: a plain read would hang),
// a link to /dev/zero (a plain read would never end), a directory, a file over the limit. Each is
// refused in words, never read; a missing file is no file.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStateFile, readStateFileSync, type StateFileError } from '../../src/files';
import { removeDir } from '../helpers/dirs';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sd-read-'));
  execFileSync('mkfifo', [join(dir, 'fifo.json')]);
  symlinkSync(join(dir, 'fifo.json'), join(dir, 'link-to-fifo.json'));
  symlinkSync('/dev/zero', join(dir, 'zero.json'));
  mkdirSync(join(dir, 'dir.json'));
  writeFileSync(join(dir, 'big.json'), 'x'.repeat(2048));
  writeFileSync(join(dir, 'ok.json'), '{"v":1}');
});
afterAll(() => removeDir(dir));

const refusal = async (name: string, max?: number) => {
  const path = join(dir, name);
  let sync: StateFileError | undefined;
  try {
    readStateFileSync(path, max);
  } catch (e) {
    sync = e as StateFileError;
  }
  const async = await readStateFile(path, max).then(
    () => undefined,
    (e: StateFileError) => e,
  );
  expect(async?.message).toBe(sync?.message);
  return sync!;
};

describe('reading a state file', () => {
  it('reads a regular file, and a missing one is none', async () => {
    expect(readStateFileSync(join(dir, 'ok.json'))).toBe('{"v":1}');
    expect(await readStateFile(join(dir, 'ok.json'))).toBe('{"v":1}');
    expect(readStateFileSync(join(dir, 'none.json'))).toBeUndefined();
    expect(await readStateFile(join(dir, 'none.json'))).toBeUndefined();
  });

  it('refuses a FIFO, a link to one, a device and a directory in words, unread', async () => {
    for (const [name, what] of [
      ['fifo.json', 'a FIFO'],
      ['link-to-fifo.json', 'a FIFO'],
      ['zero.json', 'a device'],
    ] as const) {
      const e = await refusal(name);
      expect(e.kind).toBe('notRegular');
      expect(e.message).toBe(`${join(dir, name)} is ${what}, not a regular file; sitedeck did not read it (remove it, or make it a file)`);
    }
    expect((await refusal('dir.json')).message).toContain('is a directory, not a regular file');
  });

  it('refuses a file over the limit, unread', async () => {
    const e = await refusal('big.json', 1024);
    expect(e.kind).toBe('tooLarge');
    expect(e.message).toContain('is 2 KB, more than 1 KB, the most a state file may be (max_state_file_mb)');
  });
});
