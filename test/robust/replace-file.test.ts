// files/replace.ts, the one writer of whole files (state files, an audit's --output): its
// temporary file's name cannot be guessed, so links planted at every name it could once be
// predicted to have (`<file>.<pid>.<n>.tmp`, this process's count) neither stop a write nor are
// written through or removed; and a refusal before the rename leaves the file as it was.
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceFile, replaceFileSync } from '../../src/files';

let dir: string;
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'sitedeck-replace-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('replaceFile', () => {
  it('writes whole past links planted at guessed temporary names, never through them, and leaves them where they were', async () => {
    const file = join(dir, 'out.xml');
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'precious');
    const planted = Array.from({ length: 200 }, (_, n) => `${file}.${process.pid}.${n + 1}.tmp`);
    for (const name of planted) symlinkSync(victim, name);
    await replaceFile(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    replaceFileSync(file, 'newer');
    expect(readFileSync(file, 'utf8')).toBe('newer');
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    // Nothing left beside it but the planted links.
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toHaveLength(planted.length);
  });

  it('leaves the file as it was when the check before the rename refuses', async () => {
    const file = join(dir, 'state.json');
    writeFileSync(file, 'old');
    await expect(replaceFile(file, 'new', { beforeRename: () => Promise.reject(new Error('not now')) })).rejects.toThrow('not now');
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['state.json']);
  });
});
