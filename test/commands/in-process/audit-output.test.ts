// `reports audit --output` writes only a regular file, whole, through an exclusive temporary file
// that is never a symlink; the format follows the name's extension from one table, and a --format
// that says otherwise is refused. The commands in-process on the emulator, in a temporary directory
// (a symlink planted at the temporary file's name: ../../bundle/audit-output.test.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_EXTENSIONS } from '../../../src/commands/audit/formats';
import { EXIT } from '../../../src/commands/exitCodes';
import { emulatorFixture } from '../helpers';
import { AUDIT_ARGS, auditOutputFixture } from '../auditOutputFixture';
import { runCommand } from '../inProcess';

const t = auditOutputFixture(emulatorFixture);
const seoHits = () => t.fx.emulator.hits.filter((h) => h.host === 'seo');

const REFUSED = new RegExp(
  /is (a FIFO \(named pipe\)|a character device), not a regular file, and --output writes only a regular file; /.source +
    /to send the audit there, give --output - \(or leave it out\) and redirect stdout/.source,
);

describe('reports audit --output', () => {
  it('refuses a FIFO in words before any request, and leaves it a FIFO', async () => {
    const fifo = join(t.dir, 'audit.xml');
    execFileSync('mkfifo', [fifo]);
    const r = await runCommand([...AUDIT_ARGS, '--output', fifo], { env: t.fx.env });
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(REFUSED);
    expect(r.stderr).toContain('a FIFO');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(seoHits()).toHaveLength(0);
  });

  it('refuses a character device — /dev/null itself — and it stays a character device', async () => {
    for (const target of ['/dev/null', '/dev/full']) {
      if (!existsSync(target)) continue;
      const r = await runCommand([...AUDIT_ARGS, '--output', target], { env: t.fx.env });
      expect(r.code, target).toBe(EXIT.usage);
      expect(r.stderr).toMatch(REFUSED);
      expect(r.stderr).toContain(`--output ${target}: is a character device`);
      expect(statSync(target).isCharacterDevice()).toBe(true);
    }
    // A symlink to a device is the device.
    const link = join(t.dir, 'to-null.html');
    symlinkSync('/dev/null', link);
    const r = await runCommand([...AUDIT_ARGS, '--output', link], { env: t.fx.env });
    expect([r.code, REFUSED.test(r.stderr)]).toEqual([EXIT.usage, true]);
    expect(readlinkSync(link)).toBe('/dev/null');
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
    expect(seoHits()).toHaveLength(0);
  });

  it('refuses a directory, and - writes to stdout', async () => {
    const sub = join(t.dir, 'report.html');
    mkdirSync(sub);
    const r = await runCommand([...AUDIT_ARGS, '--output', sub], { env: t.fx.env });
    expect([r.code, r.stderr.trim()]).toEqual([EXIT.usage, `sitedeck: --output ${sub}: is a directory; give a file name`]);
    const std = await runCommand([...AUDIT_ARGS, '--output', '-', '--format', 'junit'], { env: t.fx.env });
    expect(std.code).toBe(0);
    expect(std.stdout).toMatch(/^<\?xml /);
  });

  it('writes a new file whole, replacing an old one, with nothing left beside it', async () => {
    const file = join(t.dir, 'audit.xml');
    writeFileSync(file, 'the old audit\n');
    const r = await runCommand([...AUDIT_ARGS, '--output', file], { env: t.fx.env });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites /);
    expect(execFileSync('ls', [t.dir], { encoding: 'utf8' }).trim()).toBe('audit.xml');
  });
});

describe('reports audit: the format from --output’s extension', () => {
  it('every extension in the table chooses its format (.junit is junit, as .xml)', async () => {
    const starts: Record<string, RegExp> = {
      md: /^# SEO audit: project out\.example\n/,
      html: /^<!DOCTYPE html>\n/,
      json: /^\{\n {2}"data"/,
      csv: /^check,label,/,
      junit: /^<\?xml /,
      table: /^title\t/,
    };
    expect(AUDIT_EXTENSIONS['.junit']).toBe('junit');
    for (const [ext, format] of [...Object.entries(AUDIT_EXTENSIONS), ['.txt', 'table'], ['', 'table']]) {
      const file = join(t.dir, `audit${ext}`);
      const r = await runCommand([...AUDIT_ARGS, '--output', file], { env: t.fx.env });
      expect(r.code, `${ext}: ${r.stderr}`).toBe(0);
      expect(readFileSync(file, 'utf8'), ext).toMatch(starts[format]);
      // The same format said twice is fine.
      if (format !== 'table') expect((await runCommand([...AUDIT_ARGS, '--output', file, '--format', format], { env: t.fx.env })).code, ext).toBe(0);
    }
  });

  it('refuses a --format the extension contradicts, in words, before any request', async () => {
    const cases: [string, string, string][] = [
      ['audit.xml', 'json', "--format json does not match --output DIR/audit.xml: a .xml file is junit; change the file's extension, or leave out --format"],
      [
        'report.junit',
        'table',
        "--format table does not match --output DIR/report.junit: a .junit file is junit; change the file's extension, or leave out --format",
      ],
      ['audit.HTML', 'md', "--format md does not match --output DIR/audit.HTML: a .html file is html; change the file's extension, or leave out --format"],
    ];
    for (const [name, format, msg] of cases) {
      const r = await runCommand([...AUDIT_ARGS, '--output', join(t.dir, name), '--format', format], { env: t.fx.env });
      expect(r.code, name).toBe(EXIT.usage);
      expect(r.stderr.trim()).toBe(`sitedeck: ${msg.replace('DIR', t.dir)}`);
      expect(existsSync(join(t.dir, name))).toBe(false);
    }
    expect(seoHits()).toHaveLength(0);
  });
});
