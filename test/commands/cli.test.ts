// On the bundle: the deck's refusal without a terminal is the entry's (src/cli.tsx), the built files' imports, a pipe closed by its reader, serve's process (--help and the rest: ./in-process/cli.test.ts).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait';
import { ROOT, ensureBuilt, runCli, startCli } from './helpers';

beforeAll(() => ensureBuilt());

describe('sitedeck with global options', () => {
  it('global options before a command, with or without values, still reach the command', async () => {
    // The command tree is defined only when argv names a command: an option's value must not be
    // taken for one, nor hide the command after it.
    const [spaced, joined, flag] = await Promise.all([
      runCli(['--timeout', '5', '--profile', 'work', 'websites', 'list', '--help']),
      runCli(['--timeout=5', 'reports', '--help']),
      runCli(['--read-only', 'config', '--help']),
    ]);
    expect(spaced).toMatchObject({ code: 0 });
    expect(spaced.stdout).toContain('Usage: sitedeck websites list');
    expect(joined.stdout).toContain('Usage: sitedeck reports');
    expect(flag.stdout).toContain('Usage: sitedeck config');
    // Without a command, a value is only a value: the deck (which needs a terminal) is what opens.
    const deck = await runCli(['--profile', 'websites']);
    expect(deck.code).toBe(2);
    expect(deck.stderr).toContain('the deck needs a terminal');
  });
});

describe('lean start', () => {
  // The modules cli.js loads before any `await import()`: neither the deck (Ink, React), nor the
  // emulator, nor the HTTP client may be among them.
  function staticClosure(entry: string): string[] {
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file) || !existsSync(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^"'();]*?from\s*)?["'](\.[^"']+)["']/g)) walk(resolve(dirname(file), m[1]));
    };
    walk(entry);
    return [...seen];
  }

  // Strings that survive minifying: Ink's raw-mode error, React's element tag, ofetch's error
  // class, the emulator's control paths.
  const INK = /Raw mode is not supported|react\.transitional\.element/;
  const CLIENT = /FetchError/;
  const EMULATOR = /__emulator/;
  const closureText = (entry: string) => staticClosure(entry).map((f) => readFileSync(f, 'utf8'));

  it('the entry statically loads no Ink, React, emulator or HTTP client', () => {
    const texts = closureText(join(ROOT, 'dist', 'cli.js'));
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) {
      expect(INK.test(t)).toBe(false);
      expect(CLIENT.test(t)).toBe(false);
      expect(EMULATOR.test(t)).toBe(false);
    }
  });

  it('the resource commands load the client but never Ink or the emulator', () => {
    // cli.js hands over to the entry proper once the Node version is checked; that loads the
    // command definitions on demand, and they load each implementation.
    const start = readFileSync(join(ROOT, 'dist', 'cli.js'), 'utf8');
    const entry = /import\("\.\/(chunks\/cli-[^"]+)"\)/.exec(start)?.[1];
    expect(entry).toBeDefined();
    const cli = readFileSync(join(ROOT, 'dist', entry!), 'utf8');
    const program = /import\("\.\/(program-[^"]+)"\)/.exec(cli)?.[1];
    expect(program).toBeDefined();
    const definitions = readFileSync(join(ROOT, 'dist', 'chunks', program!), 'utf8');
    const chunk = /import\("\.\/(resource-[^"]+)"\)/.exec(definitions)?.[1];
    expect(chunk).toBeDefined();
    const texts = closureText(join(ROOT, 'dist', 'chunks', chunk!));
    expect(texts.some((t) => CLIENT.test(t))).toBe(true);
    for (const t of texts) {
      expect(INK.test(t)).toBe(false);
      expect(EMULATOR.test(t)).toBe(false);
    }
  });
});

describe('a reader that stops early', () => {
  it('ends quietly when the pipe closes (| head -1)', async () => {
    const { execFile } = await import('node:child_process');
    const out = await new Promise<{ stdout: string; stderr: string; code: number }>((done) => {
      // Help is long enough to outlast `head -1`; no server is needed to show the pipe's behaviour.
      const script = `set -o pipefail; "${process.execPath}" "${join(ROOT, 'dist', 'cli.js')}" --help | head -1`;
      execFile('bash', ['-c', script], (err, stdout, stderr) => done({ stdout, stderr, code: err ? Number(err.code) : 0 }));
    });
    expect(out.stdout).toBe('Usage: sitedeck [options] [command]\n');
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
  });
});

describe('sitedeck serve', () => {
  it('prints one JSON line once both hosts listen, answers, and stops on SIGTERM', async () => {
    const { child, result } = startCli(['serve', '--port', '0', '--seo-port', '0', '--seed', '3', '--key', 'sd_serve_key_0000']);
    let line = '';
    child.stdout!.on('data', (d: Buffer | string) => (line += String(d)));
    await waitFor(() => line.includes('\n'), 'the JSON line');
    const info = JSON.parse(line) as { base_url: string; seo_base_url: string; api_key: string };
    expect(info.api_key).toBe('sd_serve_key_0000');
    const list = await runCli(['websites', 'list', '--json'], { env: { SITEDECK_BASE_URL: info.base_url, SITEDECK_API_KEY: info.api_key } });
    expect((JSON.parse(list.stdout) as { data: unknown[] }).data).toHaveLength(3);
    child.kill('SIGTERM');
    expect((await result).code).toBe(0);
  });

  it('refuses a port that is not a number', async () => {
    const r = await runCli(['serve', '--port', 'eighty']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--port must be a whole number');
  });
});
