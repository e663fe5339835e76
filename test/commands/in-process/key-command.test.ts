// api_key_command through the commands: a real small script as the command, against the emulator.

import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeKeyScripts, type KeyScripts } from '../../helpers/keyScripts';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
let s: KeyScripts;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 23 });
  s = makeKeyScripts();
});
afterAll(async () => {
  s?.cleanup();
  await fx?.cleanup();
});
beforeEach(() => fx.emulator.clearHits());

/** The fixture's env without its SITEDECK_API_KEY (the command is the key's source). */
const envWithout = (extra: Record<string, string> = {}) => {
  const { SITEDECK_API_KEY: _key, ...rest } = fx.env;
  return { ...rest, ...extra };
};

describe('api_key_command', () => {
  it('SITEDECK_API_KEY_COMMAND: the command runs once for a command of three requests, and the key works', async () => {
    const before = s.runs();
    const r = await runCommand(['websites', 'list', '--all', '--per-page', '10', '--format', 'ndjson'], {
      env: envWithout({ SITEDECK_API_KEY_COMMAND: s.printing(fx.emulator.apiKey) }),
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(23);
    expect(fx.emulator.hits).toHaveLength(3);
    expect(s.runs() - before).toBe(1);
  });

  it('a failing command: "the key command failed (exit 3)", its stderr counted, never shown; no request is sent', async () => {
    const r = await runCommand(['websites', 'list', '--json'], { env: envWithout({ SITEDECK_API_KEY_COMMAND: s.failing }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('sitedeck: the key command failed (exit 3); it wrote 2 lines to stderr; run it yourself to see them\n');
    expect(r.stderr).not.toContain('gpg');
    expect(fx.emulator.hits).toHaveLength(0);
  });

  it('config set api_key_command, then config show names it as the key source without running it; the key is in no file', async () => {
    const line = s.printing(fx.emulator.apiKey);
    const env = envWithout();
    expect((await runCommand(['config', 'set', 'api_key_command', line], { env })).code).toBe(0);
    const before = s.runs();
    const show = await runCommand(['config', 'show'], { env });
    expect(show.stdout).toMatch(new RegExp(`^api_key\\s+•••• \\(from the command '${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'\\)$`, 'm'));
    expect(show.stdout).toMatch(/^api_key_command\s+.*print-\d+\.sh \(config file\)$/m);
    const json = JSON.parse((await runCommand(['config', 'show', '--json'], { env })).stdout) as {
      api_key: string;
      api_key_command: string;
      sources: Record<string, string>;
    };
    expect(json).toMatchObject({ api_key: '••••', api_key_command: line });
    expect(json.sources).toMatchObject({ api_key: 'command', api_key_command: 'file' });
    expect(s.runs() - before).toBe(0);

    const listed = await runCommand(['websites', 'list', '--json'], { env });
    expect(listed.code).toBe(0);
    expect(s.runs() - before).toBe(1);
    const file = join(env.SITEDECK_CONFIG_DIR, 'config.json');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).not.toContain(fx.emulator.apiKey);
  });

  it('a config file others can write: the command is refused (path, mode, chmod) and never run; doctor says the same', async () => {
    const dir = mkdtempSync(join(s.dir, 'loose-'));
    const path = join(dir, 'config.json');
    const marker = join(dir, 'ran');
    const profile = { base_url: fx.emulator.baseUrl, seo_base_url: fx.emulator.seoBaseUrl, api_key_command: `sh -c 'touch ${marker}; echo KEY'` };
    writeFileSync(path, JSON.stringify({ current: 'default', profiles: { default: profile } }));
    chmodSync(path, 0o666);
    const env = { ...envWithout({ SITEDECK_CONFIG_DIR: dir }), SITEDECK_BASE_URL: '', SITEDECK_SEO_BASE_URL: '' };
    const r = await runCommand(['websites', 'list', '--json'], { env });
    expect(r.stderr).toBe(`sitedeck: ${path} holds api_key_command but other users can write it (mode 0666); fix: chmod 600 ${path}\n`);
    expect(r.code).toBe(2);
    const doctor = await runCommand(['doctor', '--json'], { env });
    const check = (JSON.parse(doctor.stdout) as { checks: { id: string; status: string; detail: string; fix?: string }[] }).checks.find(
      (c) => c.id === 'config.file',
    );
    expect(check).toEqual({
      id: 'config.file',
      group: 'config',
      title: 'config file',
      status: 'fail',
      detail: `${path} holds api_key_command but other users can write it (mode 0666): sitedeck refuses it`,
      fix: `chmod 600 ${path}`,
    });
    expect(existsSync(marker)).toBe(false);
    expect(fx.emulator.hits).toHaveLength(0);
  });

  it('SITEDECK_API_KEY wins: the command is not even run', async () => {
    const before = s.runs();
    const r = await runCommand(['websites', 'list', '--json'], { env: { ...fx.env, SITEDECK_API_KEY_COMMAND: s.printing('sd_not_this_one') } });
    expect(r.code).toBe(0);
    expect(s.runs() - before).toBe(0);
  });
});
