// `list --all` into a reader slower than the read: a stdout that queues (its write answers false)
// holds the read until its 'drain', so sitedeck keeps one page, not every page the reader has not
// taken yet (docs/PERFORMANCE.md, figure 8e). Every streaming output × a pipe that drains only when
// the test lets it: the next page is asked for only after the last one went out, the output is what
// an unhurried reader gets byte for byte, and an ending during the wait ends it.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Ending } from '../../../src/commands/ending';
import { EXIT } from '../../../src/commands/exitCodes';
import { toJson } from '../../../src/commands/format/json';
import { colorFor } from '../../../src/terminal/env';
import { runSitedeck } from '../../../src/commands/main';
import { testIo } from '../../helpers/testIo';
import { baseEnv, emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

const WEB = '/public/api/v1/websites';

/** A pipe that is always full: each write is queued (false) until the test fires the 'drain' it waits for. */
function fullPipe() {
  let text = '';
  let drain: (() => void) | undefined;
  let waited: (() => void) | undefined;
  return {
    out: {
      write: (s: string) => ((text += s), false),
      once: (_event: 'drain', listener: () => void) => {
        drain = listener;
        waited?.();
      },
    },
    text: () => text,
    /** Resolves once the command waits for a drain. */
    waiting: () => (drain ? Promise.resolve() : new Promise<void>((resolve) => (waited = resolve))),
    drain: () => {
      const fn = drain;
      drain = waited = undefined;
      fn?.();
    },
  };
}

function run(fx: Fixture, args: readonly string[], pipe: ReturnType<typeof fullPipe>, signal = new AbortController().signal) {
  const env = baseEnv({ ...fx.env });
  const isTTY = { stdin: false, stdout: false, stderr: false };
  let stderr = '';
  const code = runSitedeck(
    testIo({
      argv: args,
      stdin: Readable.from([]),
      stdout: pipe.out,
      stderr: { write: (s: string) => (stderr += s) },
      env,
      isTTY,
      color: colorFor(isTTY, env),
      signal,
    }),
    () => Promise.reject(new Error('no deck here')),
  );
  return { code, stderr: () => stderr };
}

/** Whether the run now waits for the reader ('waiting') or ran to its end without ('done'). */
const nextOf = (r: ReturnType<typeof run>, pipe: ReturnType<typeof fullPipe>) =>
  Promise.race([r.code.then(() => 'done' as const), pipe.waiting().then(() => 'waiting' as const)]);

const pagesAsked = (fx: Fixture) => fx.emulator.hits.filter((h) => h.method === 'GET' && h.path === WEB).length;

const OUTPUTS = [[], ['--json'], ['--format', 'ndjson'], ['--format', 'json'], ['--format', 'csv'], ['--format', 'tsv']];

describe('list --all into a slow reader', () => {
  it.each(OUTPUTS.map((o) => [o.join(' ') || 'plain lines', o] as const))('%s: the next page waits for the last to go out', async (_name, output) => {
    const fx = await emulatorFixture({ seed: 25 });
    try {
      const args = ['websites', 'list', '--all', '--per-page', '10', ...output];
      const pipe = fullPipe();
      const r = run(fx, args, pipe);
      for (let page = 1; page <= 3; page++) {
        // Without the wait, the read runs to its end while the pipe holds every page.
        expect(await nextOf(r, pipe), r.stderr()).toBe('waiting');
        expect(pagesAsked(fx)).toBe(page);
        pipe.drain();
      }
      expect(await r.code, r.stderr()).toBe(EXIT.ok);
      // Three pages, each asked for once, and the bytes an unhurried reader gets.
      expect(pagesAsked(fx)).toBe(3);
      const unhurried = await runCommand(args, { env: fx.env });
      expect(pipe.text()).toBe(unhurried.stdout);
    } finally {
      await fx.cleanup();
    }
  });

  it('Ctrl+C while the read waits for the reader ends it: said once, no page more asked for', async () => {
    const fx = await emulatorFixture({ seed: 25 });
    try {
      const pipe = fullPipe();
      const ctrlC = new AbortController();
      const r = run(fx, ['websites', 'list', '--all', '--per-page', '10', '--format', 'ndjson'], pipe, ctrlC.signal);
      expect(await nextOf(r, pipe)).toBe('waiting');
      ctrlC.abort({ kind: 'interrupted' } satisfies Ending);
      expect(await r.code).toBe(EXIT.interrupted);
      expect(pagesAsked(fx)).toBe(1);
      expect(r.stderr()).toContain('sitedeck: stopped after 10 of 25 websites (page 1 of 3); the 10 written above are complete records\n');
      expect(pipe.text().trim().split('\n')).toHaveLength(10);
    } finally {
      await fx.cleanup();
    }
  });
});

describe('list --all --json written as it is read', () => {
  it.each([0, 1, 25])('%i websites: the text toJson gives {data, meta}, byte for byte (docs/json.md)', async (n) => {
    const fx = await emulatorFixture({ seed: n });
    try {
      const r = await runCommand(['websites', 'list', '--all', '--per-page', '10', '--json'], { env: fx.env });
      expect(r.code, r.stderr).toBe(EXIT.ok);
      const parsed = JSON.parse(r.stdout) as { data: unknown[]; meta: unknown };
      expect(parsed.data).toHaveLength(n);
      expect(Object.keys(parsed)).toEqual(['data', 'meta']);
      expect(r.stdout).toBe(toJson(parsed));
    } finally {
      await fx.cleanup();
    }
  });
});
