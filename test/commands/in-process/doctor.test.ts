// `sitedeck doctor` against the emulator: one request per host (counted by the emulator), the exit
// code of the first failure, and the key never printed, whatever goes wrong; in-process (through a
// proxy: ../../bundle/doctor-proxy.test.ts).
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/commands/exitCodes';
import { makeKeyScripts } from '../../helpers/keyScripts';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';
import { byId, checksOf, hitsOf, ONE_EACH } from '../doctorReading';
import { closedPort } from '../../helpers/cliFaults';

const KEY = 'sd_test_DOCTORKEY_1a2b3c4d5e6f';
const WRONG = 'sd_wrong_DOCTORKEY_000000000';
let fx: Fixture;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 4, key: KEY, rateLimit: 60 });
});
afterAll(() => fx.cleanup());
beforeEach(() => fx.emulator.clearHits());

const doctor = (args: string[] = [], env: Record<string, string | undefined> = {}) => runCommand(['doctor', ...args], { env: { ...fx.env, ...env } });
const hits = () => hitsOf(fx.emulator);

describe('sitedeck doctor', () => {
  it('passes with one request to each host, says where each setting comes from, and never prints the key', async () => {
    const r = await doctor();
    expect(r.stderr).toBe('');
    expect(r.code).toBe(EXIT.ok);
    expect(hits()).toEqual(ONE_EACH);
    expect(r.stdout).toMatch(/✓ base_url\s+http:\/\/127\.0\.0\.1:\d+ \(environment\)/);
    expect(r.stdout).toMatch(/✓ api_key\s+set \(environment\)/);
    expect(r.stdout).toMatch(/✓ theme\s+auto \(default\)/);
    expect(r.stdout).toMatch(
      new RegExp(
        /Analytics host\n.*✓ address\s+127\.0\.0\.1 \(an IP address: no DNS\)\n/.source +
          /.*✓ encryption\s+plain http, on this machine \(the key never leaves it\)\n/.source +
          /.*✓ connection\s+http:\/\/127\.0\.0\.1:\d+ answered 200 in \d+ ms\n.*✓ key\s+accepted/.source,
      ),
    );
    expect(r.stdout).toMatch(/✓ rate budget\s+\d+ of 60 requests left in this window/);
    expect(r.stdout).toMatch(/✓ clock\s+within 5 s of the host's/);
    // Not in a terminal: the deck could not start here, which is a warning, not a failure.
    expect(r.stdout).toMatch(/! size\s+not a terminal/);
    expect(r.stdout).toMatch(/Nothing failed; 1 warning\.\n$/);
    expect(r.stdout + r.stderr).not.toContain(KEY);
    expect(r.stdout + r.stderr).not.toContain(KEY.slice(-4));
  });

  it('--json: every check with its id, status and fix; ok and exit_code agree with the exit code', async () => {
    const r = await doctor(['--json']);
    expect(r.code).toBe(EXIT.ok);
    const out = checksOf(r);
    expect(out).toMatchObject({ ok: true, exit_code: 0 });
    const ids = out.checks.map((c) => c.id);
    for (const id of [
      'config.file',
      'config.dir',
      'config.profile',
      'setting.base_url',
      'setting.api_key',
      'analytics.key',
      'analytics.budget',
      'analytics.clock',
      'seo.key',
      'seo.clock',
      'terminal.size',
      'terminal.utf8',
      'terminal.tmux',
      'terminal.mouse',
      'terminal.screen_reader',
    ]) {
      expect(ids).toContain(id);
    }
    expect(out.checks.filter((c) => c.status !== 'ok').map((c) => c.id)).toEqual(['terminal.size']);
    expect(byId(r, 'terminal.size')!.fix).toMatch(/terminal/);
    expect(hits()).toEqual(ONE_EACH);
    expect(r.stdout).not.toContain(KEY);
  });

  it('a wrong key: ✗ on both hosts with the fix, exit 3, still one request each, the key never shown', async () => {
    const r = await doctor([], { SITEDECK_API_KEY: WRONG });
    expect(r.code).toBe(EXIT.auth);
    expect(hits()).toEqual(ONE_EACH);
    expect(r.stdout).toMatch(/Analytics host\n(.*\n)*?\s+✗ key\s+refused \(401\)\n\s+fix: save the right key: sitedeck config set-key/);
    expect(r.stdout).toMatch(/SEO host\n(.*\n)*?\s+✗ key\s+refused \(401\)/);
    expect(r.stdout).toMatch(/2 failures, 1 warning \(exit 3\)\.\n$/);
    expect(r.stdout + r.stderr).not.toContain(WRONG);
    const json = await doctor(['--json'], { SITEDECK_API_KEY: WRONG });
    expect(json.code).toBe(EXIT.auth);
    expect(checksOf(json)).toMatchObject({ ok: false, exit_code: EXIT.auth });
    expect(byId(json, 'analytics.key')!.status).toBe('fail');
  });

  it('an unreachable host: ✗ connection naming it, its key not checked, exit 7; the other host still checked', async () => {
    const port = await closedPort();
    const r = await doctor(['--json'], { SITEDECK_BASE_URL: `http://127.0.0.1:${port}` });
    expect(r.code).toBe(EXIT.server);
    expect(byId(r, 'analytics.connection')).toMatchObject({ status: 'fail', fix: 'check the base URL, the network and the host' });
    expect(byId(r, 'analytics.connection')!.detail).toContain(`127.0.0.1:${port}`);
    expect(byId(r, 'analytics.key')).toMatchObject({ status: 'warn', detail: 'not checked: the host did not answer' });
    expect(byId(r, 'analytics.budget')).toBeUndefined();
    expect(byId(r, 'seo.key')!.status).toBe('ok');
    expect(hits()).toEqual(['seo GET /api/v1/reports per_page=1']);
  });

  it('api_key_command: run once, the key it printed used and never shown; its failure a ✗ in its own words, exit 2 as every command', async () => {
    const scripts = makeKeyScripts();
    try {
      const { SITEDECK_API_KEY: _key, ...env } = fx.env;
      const before = scripts.runs();
      const r = await runCommand(['doctor'], { env: { ...env, SITEDECK_API_KEY_COMMAND: scripts.printing(KEY) } });
      expect(r.code).toBe(EXIT.ok);
      expect(scripts.runs() - before).toBe(1);
      expect(r.stdout).toMatch(/✓ key command\s+'.+print-1\.sh' printed a key in \d+ ms/);
      expect(r.stdout).toMatch(/✓ api_key\s+from api_key_command \(environment\)/);
      expect(r.stdout).toMatch(/✓ key\s+accepted \(listed websites\)/);
      expect(hits()).toEqual(ONE_EACH);
      expect(r.stdout + r.stderr).not.toContain(KEY);

      fx.emulator.clearHits();
      const failed = await runCommand(['doctor', '--json'], { env: { ...env, SITEDECK_API_KEY_COMMAND: scripts.failing } });
      expect(failed.code).toBe(EXIT.usage);
      expect(byId(failed, 'config.key_command')).toMatchObject({
        status: 'fail',
        detail: 'the key command failed (exit 3); it wrote 2 lines to stderr; run it yourself to see them',
      });
      // Without a key nothing is sent.
      expect(hits()).toEqual([]);
    } finally {
      scripts.cleanup();
    }
  });

  it('a config file other users can read, holding the key: ✗ with chmod 600, exit 2, no request sent, the key never shown', async () => {
    const dir = join(fx.configDir, 'loose');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, 'config.json');
    writeFileSync(
      path,
      JSON.stringify({ current: 'default', profiles: { default: { base_url: fx.emulator.baseUrl, seo_base_url: fx.emulator.seoBaseUrl, api_key: KEY } } }),
    );
    chmodSync(path, 0o644);
    const r = await doctor([], { SITEDECK_CONFIG_DIR: dir, SITEDECK_BASE_URL: undefined, SITEDECK_SEO_BASE_URL: undefined, SITEDECK_API_KEY: undefined });
    expect(r.code).toBe(EXIT.usage);
    expect(r.stdout).toContain(`✗ config file        ${path} holds api_key but other users can access it (mode 0644): sitedeck refuses it`);
    expect(r.stdout).toContain(`fix: chmod 600 ${path}`);
    // Without the file, nothing names a host or the key: nothing is sent.
    expect(r.stdout).toMatch(/✗ api_key\s+not set/);
    expect(hits()).toEqual([]);
    expect(r.stdout + r.stderr).not.toContain(KEY);

    // A directory others can write in could have the file replaced: ✗; sticky (as /tmp): a warning.
    chmodSync(path, 0o600);
    chmodSync(dir, 0o777);
    const open = await doctor(['--json'], { SITEDECK_CONFIG_DIR: dir });
    expect(byId(open, 'config.dir')).toMatchObject({ status: 'fail', fix: `chmod 700 ${dir}` });
    expect(open.code).toBe(EXIT.usage);
    chmodSync(dir, 0o1777);
    expect(byId(await doctor(['--json'], { SITEDECK_CONFIG_DIR: dir }), 'config.dir')!.status).toBe('warn');
    chmodSync(dir, 0o700);
    fx.emulator.clearHits();

    const fixed = await doctor([], { SITEDECK_CONFIG_DIR: dir, SITEDECK_BASE_URL: undefined, SITEDECK_SEO_BASE_URL: undefined, SITEDECK_API_KEY: undefined });
    expect(fixed.code).toBe(EXIT.ok);
    expect(fixed.stdout).toContain(`✓ config file        ${path} (mode 0600)`);
    expect(fixed.stdout).toMatch(/✓ api_key\s+set \(config file\)/);
    expect(hits()).toEqual(ONE_EACH);
    expect(fixed.stdout + fixed.stderr).not.toContain(KEY);
  });
});
