// --quiet: stderr only for failures. Every command that succeeds says nothing on stderr (its success
// line, progress, notices held and dropped), and a command that fails says everything it would have:
// the failure, the bulk summary and its resume line. Against the emulator over loopback.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/commands/exitCodes';
import { emulatorFixture, ROOT, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 12 });
});
afterAll(() => fx.cleanup());

const SITEMAP = join(ROOT, 'docs', 'examples', 'sitemap.xml');

/** One run of every command that says something on stderr when it succeeds (and of the rest too), each with --quiet. */
const SUCCEEDING: readonly (readonly string[])[] = [
  ['websites', 'list'],
  ['websites', 'list', '--all', '--progress'],
  ['websites', 'get', '1'],
  ['websites', 'create', 'quiet.example.com'],
  ['websites', 'update', '2', '--email', 'enabled'],
  ['websites', 'update', '--ids', '2,3', '--email', 'enabled', '--progress'],
  ['websites', 'update', '--ids', '2,3', '--email', 'enabled', '--dry-run'],
  ['websites', 'delete', '4', '--yes'],
  ['websites', 'delete', '--ids', '5,6', '--yes'],
  ['reports', 'list', '--page', '99'],
  ['reports', 'get', '1'],
  ['reports', 'create', 'https://quiet.example.com/'],
  ['reports', 'update', '2', '--privacy', 'public'],
  ['reports', 'rerun', '3'],
  ['reports', 'rerun', '--ids', '3,4', '--progress'],
  ['reports', 'delete', '5', '--yes'],
  ['reports', 'projects', '--progress'],
  ['reports', 'audit', '--progress'],
  ['reports', 'cover', SITEMAP, '--yes', '--progress'],
  ['config', 'set', 'theme', 'dark'],
  ['config', 'unset', 'theme'],
  ['config', 'path'],
  ['config', 'show'],
  ['config', 'get', 'theme'],
  ['config', 'profiles'],
  ['config', 'keys'],
  ['--demo', 'websites', 'list'],
  ['api', 'GET', '/websites'],
  ['api', 'POST', '/websites', '-f', 'domain=quiet-api.example.com'],
  ['api', 'PUT', '/websites/9', '-f', 'email=1', '--dry-run'],
  ['websites', 'update', '9', '--email', 'enabled', '--dry-run'],
  ['help', 'websites', 'update'],
];

describe('--quiet', () => {
  it.each(SUCCEEDING.map((args) => [args.join(' '), args] as const))('%s: nothing on stderr when it succeeds', async (_, args) => {
    const loud = await runCommand(['--quiet', ...args], { env: fx.env });
    expect(loud.code, loud.stderr).toBe(EXIT.ok);
    expect(loud.stderr).toBe('');
  });

  it('config set-key says nothing either', async () => {
    const r = await runCommand(['--quiet', 'config', 'set-key'], { env: fx.env, input: 'a-key\n' });
    expect(r.code, r.stderr).toBe(EXIT.ok);
    expect(r.stderr).toBe('');
  });

  it('the success lines it holds back are there without it', async () => {
    const r = await runCommand(['websites', 'update', '--ids', '7,8', '--email', 'enabled'], { env: fx.env });
    expect(r.stderr).toContain('Updated 2 of 2');
    expect((await runCommand(['config', 'set', 'theme', 'dark'], { env: fx.env })).stderr).not.toBe('');
  });

  it('a failure says everything: the bulk summary, the ids not done and the resume line', async () => {
    const r = await runCommand(['--quiet', 'websites', 'update', '--ids', '7,99999', '--email', 'enabled'], { env: fx.env });
    expect(r.code).toBe(EXIT.notFound);
    expect(r.stderr).toContain('Updated 1 of 2');
    expect(r.stderr).toContain('failed: 99999');
    expect(r.stderr).toMatch(/sitedeck .*--ids 99999/);
  });

  it('a refusal and a single failure are said', async () => {
    const refused = await runCommand(['--quiet', '--read-only', 'websites', 'delete', '1', '--yes'], { env: fx.env });
    expect(refused.code).toBe(EXIT.readOnly);
    expect(refused.stderr).toMatch(/^sitedeck: refused/);
    const missing = await runCommand(['--quiet', 'websites', 'get', '99999'], { env: fx.env });
    expect(missing.code).toBe(EXIT.notFound);
    expect(missing.stderr).toMatch(/^sitedeck: /);
  });
});
