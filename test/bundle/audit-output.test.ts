// `reports audit --output` writes only a regular file, whole, through an exclusive temporary file
// with a name that cannot be guessed and that is never a symlink; the format follows the name's extension from one table, and a --format
// that says otherwise is refused. A real process on the emulator, in a temporary directory (the
// rest, in-process: ../commands/in-process/audit-output.test.ts).
import { lstatSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCli, startFixture } from '../commands/helpers';
import { AUDIT_ARGS, auditOutputFixture } from '../commands/auditOutputFixture';

const t = auditOutputFixture(startFixture);

describe('reports audit --output', () => {
  // bundle: the temporary file was once named by the writing process's id, planted before that process answers
  it('writes past symlinks planted at every name its temporary file could once be guessed to have: their targets untouched', async () => {
    const file = join(t.dir, 'audit.xml');
    writeFileSync(file, 'the old audit\n');
    const { child, result } = startCli([...AUDIT_ARGS, '--output', file], { env: t.fx.env });
    // Planted before this process answers a single request (the command cannot write before that),
    // at every name an older sitedeck's temporary file could have: `<file>.<pid>.tmp` and
    // `<file>.<pid>.<n>.tmp`. The name now holds random bytes: none of these is in its way.
    const victims: string[] = [];
    const links: string[] = [];
    for (const name of [`${file}.${child.pid}.tmp`, ...Array.from({ length: 50 }, (_, i) => `${file}.${child.pid}.${i + 1}.tmp`)]) {
      const victim = join(t.dir, `victim-${victims.length}`);
      writeFileSync(victim, 'precious\n');
      symlinkSync(victim, name);
      victims.push(victim);
      links.push(name);
    }
    const r = await result;
    for (const v of victims) expect(readFileSync(v, 'utf8'), v).toBe('precious\n');
    for (const l of links) expect(lstatSync(l).isSymbolicLink(), l).toBe(true);
    expect([r.code, r.stderr]).toEqual([0, `wrote ${file}: 1 failing checks over 1 page\n`]);
    expect(lstatSync(file).isFile()).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites /);
  });
});
