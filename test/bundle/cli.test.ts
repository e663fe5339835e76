// The bundle's own behaviours: the deck opened by global options alone (refused without a terminal,
// by the entry, src/cli.tsx), a pipe closed by its reader, serve's process (--help, global options
// before a command and the rest: ../commands/in-process/cli.test.ts; the lean start: ../build/leanStart.test.ts).
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait';
import { ROOT, ensureBuilt, runCli, startCli } from '../commands/helpers';
import { runCommand } from '../commands/inProcess';

beforeAll(() => ensureBuilt());

describe('sitedeck with global options and no command', () => {
  // bundle: the deck's refusal without a terminal is the entry's (src/cli.tsx), read from the process's streams
  it('a value is only a value: the deck (which needs a terminal) is what opens', async () => {
    const deck = await runCli(['--profile', 'websites']);
    expect(deck.code).toBe(2);
    expect(deck.stderr).toContain('the deck needs a terminal');
  });
});

describe('a reader that stops early', () => {
  // bundle: EPIPE is what a real process gets when its reader closes the pipe
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
  // bundle: serve is a long-running process that stops on SIGTERM
  it('prints one JSON line once both hosts listen, answers, and stops on SIGTERM', async () => {
    const { child, result } = startCli(['serve', '--port', '0', '--seo-port', '0', '--seed', '3', '--key', 'sd_serve_key_0000']);
    let line = '';
    child.stdout!.on('data', (d: Buffer | string) => (line += String(d)));
    await waitFor(() => line.includes('\n'), 'the JSON line');
    const info = JSON.parse(line) as { base_url: string; seo_base_url: string; api_key: string };
    expect(info.api_key).toBe('sd_serve_key_0000');
    const list = await runCommand(['websites', 'list', '--json'], { env: { SITEDECK_BASE_URL: info.base_url, SITEDECK_API_KEY: info.api_key } });
    expect((JSON.parse(list.stdout) as { data: unknown[] }).data).toHaveLength(3);
    child.kill('SIGTERM');
    expect((await result).code).toBe(0);
  });
});
