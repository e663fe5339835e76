// The terminal's unread keys, read at once (src/files/pendingInput.ts): only a terminal's queue
// is read (a file or a pipe is not typed at), and a character the queue cut is kept whole. The
// read itself on a real terminal is test/e2e/first-key.test.ts's.
import { closeSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completeUtf8, pendingInput } from '../../src/files/pendingInput';
import { removeDir } from '../helpers/dirs';

describe('pendingInput', () => {
  it('reads no queue where stdin is a file, a pipe or no terminal', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitedeck-pending-'));
    const file = join(dir, 'keys');
    writeFileSync(file, 'jjj');
    const fds = [openSync(file, 'r'), openSync('/dev/null', 'r')];
    try {
      for (const fd of fds) expect(pendingInput(fd)).toBeNull();
      // A descriptor the links do not name.
      expect(pendingInput(fds[0], join(dir, 'no-such-links'))).toBeNull();
    } finally {
      for (const fd of fds) closeSync(fd);
      removeDir(dir);
    }
  });
});

describe('completeUtf8', () => {
  it('leaves out a character whose last bytes have not come, and only that', () => {
    expect(completeUtf8(Buffer.from('jk'))).toBe(2);
    expect(completeUtf8(Buffer.alloc(0))).toBe(0);
    for (const char of ['é', '→', '😀']) {
      const bytes = Buffer.from(`j${char}`);
      expect(completeUtf8(bytes)).toBe(bytes.length);
      // Cut anywhere inside the character: only the `j` before it is whole.
      for (let cut = 2; cut < bytes.length; cut++) expect([char, cut, completeUtf8(bytes.subarray(0, cut))]).toEqual([char, cut, 1]);
    }
  });
});
