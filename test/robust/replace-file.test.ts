// files/replace.ts, the one writer of whole files (state files, an audit's --output): a symlink
// planted at the temporary file's name is never written through nor removed, and a refusal before
// the rename leaves the file as it was. The temporary names count up in this process: the test
// reads where the count is (tempOf) and plants links at the next names.
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceFile, replaceFileSync } from '../../src/files';
import { tempOf } from '../../src/files/replace';

let dir: string;
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'sitedeck-replace-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('replaceFile', () => {
  it('never writes through a symlink at its temporary name, and leaves it where it was', async () => {
    const file = join(dir, 'out.xml');
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'precious');
    // This process's next four temporary names.
    const at = Number(/\.(\d+)\.tmp$/.exec(tempOf(file))![1]);
    const name = (n: number) => `${file}.${process.pid}.${at + n}.tmp`;
    for (let n = 1; n <= 4; n++) symlinkSync(victim, name(n));
    await expect(replaceFile(file, 'new')).rejects.toThrow(
      `${name(1)} is already there (sitedeck did not make it, and never writes through a file or link it did not create)`,
    );
    expect(() => replaceFileSync(file, 'new')).toThrow(`${name(2)} is already there`);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toHaveLength(4);
    // The next name is free: written whole, nothing left beside it but the planted links.
    for (let n = 3; n <= 4; n++) await expect(replaceFile(file, 'x')).rejects.toThrow(/already there/);
    await replaceFile(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toHaveLength(4);
  });

  it('leaves the file as it was when the check before the rename refuses', async () => {
    const file = join(dir, 'state.json');
    writeFileSync(file, 'old');
    await expect(replaceFile(file, 'new', { beforeRename: () => Promise.reject(new Error('not now')) })).rejects.toThrow('not now');
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['state.json']);
  });
});
