// `reports audit --output` writes only a regular file, whole, through an exclusive temporary file
// that is never a symlink; the format follows the name's extension from one table, and a --format
// that says otherwise is refused. A real process on the emulator, in a temporary directory (the
// rest, in-process: ../commands/in-process/audit-output.test.ts).
import { lstatSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/commands/exitCodes';
import { startCli, startFixture } from '../commands/helpers';
import { AUDIT_ARGS, auditOutputFixture } from '../commands/auditOutputFixture';

const t = auditOutputFixture(startFixture);

describe('reports audit --output', () => {
  // bundle: the temporary file is named by the writing process's id, planted before that process answers
  it('never writes through a symlink planted at its temporary file’s name: the link’s target is untouched', async () => {
    const file = join(t.dir, 'audit.xml');
    writeFileSync(file, 'the old audit\n');
    const { child, result } = startCli([...AUDIT_ARGS, '--output', file], { env: t.fx.env });
    // Planted before this process answers a single request (the command cannot write before that),
    // at every name the temporary file can have: `<file>.<pid>.tmp` and `<file>.<pid>.<n>.tmp`.
    const victims: string[] = [];
    for (const name of [`${file}.${child.pid}.tmp`, ...Array.from({ length: 50 }, (_, i) => `${file}.${child.pid}.${i + 1}.tmp`)]) {
      const victim = join(t.dir, `victim-${victims.length}`);
      writeFileSync(victim, 'precious\n');
      symlinkSync(victim, name);
      victims.push(victim);
    }
    const r = await result;
    for (const v of victims) expect(readFileSync(v, 'utf8'), v).toBe('precious\n');
    // The name in the way is said; the output is as it was, a regular file.
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(
      new RegExp(
        `^sitedeck: could not write ${file}: ${file}\\.${child.pid}\\.\\d+\\.tmp is already there ` +
          `\\(sitedeck did not make it, and never writes through a file or link it did not create\\)\\n$`,
      ),
    );
    expect(lstatSync(file).isFile()).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('the old audit\n');
  });
});
