// Keys typed while the deck starts: the background question (src/ui/themes/query.ts) hands the
// keyboard over paused, so what is typed between its end and Ink's first read waits in the stream,
// and a terminal's answer that comes late is no key (src/ui/input/keyGuard.ts). The streams are real
// Readables; only raw mode, which needs a terminal, is a stand-in. In tmux: test/e2e/key-config.test.ts.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { guardStdin } from '../../src/ui/input/keyGuard';
import { queryBackground } from '../../src/ui/themes/query';

function terminal() {
  const stdin = Object.assign(new PassThrough(), {
    isTTY: true,
    isRaw: true,
    setRawMode(on: boolean) {
      stdin.isRaw = on;
      return stdin;
    },
  });
  const stdout = Object.assign(new PassThrough(), { isTTY: true });
  const asked: string[] = [];
  stdout.on('data', (d: Buffer) => asked.push(d.toString('latin1')));
  return { stdin: stdin as unknown as NodeJS.ReadStream & PassThrough, stdout: stdout as unknown as NodeJS.WriteStream, asked };
}

/** What Ink reads: it listens for 'readable' and reads until null. */
function inkReads(stdin: NodeJS.ReadStream): Promise<string> {
  return new Promise((resolve) => {
    let got = '';
    const onReadable = () => {
      let chunk: unknown;
      while ((chunk = stdin.read()) !== null) got += String(chunk);
      if (got.endsWith('.')) {
        stdin.off('readable', onReadable);
        resolve(got);
      }
    };
    stdin.on('readable', onReadable);
  });
}

describe('keys typed while the deck starts', () => {
  it('a terminal that never answers: keys typed after the wait ended (the view loaded) reach the deck', async () => {
    const { stdin, stdout, asked } = terminal();
    const rgb = await queryBackground(stdin, stdout, { until: Promise.resolve(), timeoutMs: 60_000 });
    expect(rgb).toBeNull();
    expect(asked.join('')).toBe('\x1b]11;?\x1b\\\x1b[c');
    expect(stdin.isRaw).toBe(true);
    stdin.write('jj');
    // Ink's listener comes a moment later (React's effects): until then the keys wait.
    await new Promise((r) => setImmediate(r));
    stdin.write('.');
    expect(await inkReads(stdin)).toBe('jj.');
  });

  it('keys typed during the wait come back in order; the answer is taken out of them', async () => {
    const { stdin, stdout } = terminal();
    const pending = queryBackground(stdin, stdout, { timeoutMs: 60_000 });
    stdin.write('k');
    stdin.write('\x1b]11;rgb:ffff/ffff/ffff\x1b\\x\x1b[?1;2c');
    expect(await pending).toEqual([1, 1, 1]);
    stdin.write('.');
    expect(await inkReads(stdin)).toBe('kx.');
  });

  it('an answer that comes after the wait ended is dropped before Ink reads it, with keys around it kept', async () => {
    const { stdin, stdout } = terminal();
    guardStdin(stdin);
    expect(await queryBackground(stdin, stdout, { until: Promise.resolve(), timeoutMs: 60_000 })).toBeNull();
    stdin.write('j\x1b]11;rgb:1e1e/1e1e/1e1e\x1b\\\x1b[?1;2ck');
    stdin.write('\x1b]11;rgb:0000/0000/0000\x07.');
    expect(await inkReads(stdin)).toBe('jk.');
  });
});
