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
import { runSitedeck } from '../../../src/commands/main';
import { baseEnv, emulatorFixture } from '../helpers';
import { AUDIT_ARGS, auditOutputFixture } from '../auditOutputFixture';
import { runCommand } from '../inProcess';
import { testIo } from '../../helpers/testIo';

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

// A rename over a symlink replaces the link: as root, `--output /dev/stdout > report.xml` would have
// made the system's /dev/stdout a file and left report.xml empty. The name is looked at, not followed.
describe('reports audit --output: a symbolic link at the name is refused, never replaced nor followed', () => {
  const LINK_REFUSED = (name: string, to: string) =>
    `sitedeck: --output ${name}: is a symbolic link to ${to}, and --output never replaces a link or writes through one; ` +
    'give the real path, or --output - and redirect stdout\n';

  it('a link to a file, to a device, to standard output, to nothing: refused before any request, each link as it was', async () => {
    const target = join(t.dir, 'real-audit.xml');
    writeFileSync(target, 'the old audit\n');
    // A link in the test's folder stands for /dev/stdout itself (a link to /proc/self/fd/1): the real one is never put at risk.
    const links: Record<string, string> = { 'to-file.xml': target, 'to-null.html': '/dev/null', stdout: '/proc/self/fd/1', 'dangling.md': join(t.dir, 'none') };
    for (const [name, to] of Object.entries(links)) {
      const link = join(t.dir, name);
      symlinkSync(to, link);
      const r = await runCommand([...AUDIT_ARGS, '--output', link], { env: t.fx.env });
      expect([r.code, r.stderr], name).toEqual([EXIT.usage, LINK_REFUSED(link, to)]);
      expect(lstatSync(link).isSymbolicLink(), name).toBe(true);
      expect(readlinkSync(link), name).toBe(to);
    }
    expect(readFileSync(target, 'utf8')).toBe('the old audit\n');
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
    expect(existsSync(join(t.dir, 'none'))).toBe(false);
    expect(execFileSync('ls', [t.dir], { encoding: 'utf8' }).trim().split('\n').sort()).toEqual([...Object.keys(links), 'real-audit.xml'].sort());
    expect(seoHits()).toHaveLength(0);
  });

  it('a link planted while the reports are read is refused just before the rename: nothing written, no temporary file left', async () => {
    const file = join(t.dir, 'audit.xml');
    const target = join(t.dir, 'precious.xml');
    writeFileSync(target, 'precious\n');
    // The progress line comes once the first page is read: after the first look at the name, before the write.
    let stderr = '';
    const code = await runSitedeck(
      testIo({
        argv: [...AUDIT_ARGS, '--output', file, '--progress'],
        stderr: {
          write: (s: string) => {
            if (!existsSync(file) && !stderr) symlinkSync(target, file);
            stderr += s;
            return true;
          },
        },
        env: baseEnv({ HOME: t.dir, ...t.fx.env }),
        cwd: t.dir,
      }),
      () => Promise.reject(new Error('no deck here')),
    );
    expect(seoHits().length).toBeGreaterThan(0); // the first look passed: it was refused at the second
    expect(code).toBe(EXIT.usage);
    expect(stderr).toContain(LINK_REFUSED(file, target).slice('sitedeck: '.length));
    expect(readlinkSync(file)).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('precious\n');
    expect(execFileSync('ls', [t.dir], { encoding: 'utf8' }).trim().split('\n').sort()).toEqual(['audit.xml', 'precious.xml']);
  });

  it('--output - writes the document to stdout, as gh reads -, and makes no file', async () => {
    const r = await runCommand([...AUDIT_ARGS, '--output', '-', '--format', 'md'], { env: t.fx.env, cwd: t.dir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^# SEO audit: project out\.example\n/);
    expect(r.stderr).not.toContain('wrote');
    expect(execFileSync('ls', ['-A', t.dir], { encoding: 'utf8' })).toBe('');
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
