// Keys typed before the deck's first frame are read as Ink reads every later key (src/ui/input/earlyKeys.ts):
// the same input and Key that Ink's useInput hands the router, for every kind of key the deck
// binds; and the stream is read once, then left to Ink with nothing taken from it twice or lost.
// Through the real deck in tmux: test/e2e/first-key.test.ts.
import { PassThrough } from 'node:stream';
import { useInput, type Key } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { inkInputs, readTyped } from '../../src/ui/input/earlyKeys';
import { guardStdin } from '../../src/ui/input/keyGuard';
import { waitFor } from '../helpers/wait';

/** Every kind of key a terminal sends the deck: letters, Shift, arrows, Enter, Esc, Tab, Backspace, paging, Ctrl, Alt, a kitty key, text. */
const KEYS = [
  'j',
  'J',
  '2',
  ' ',
  'é',
  '\x1b[A',
  '\x1b[B',
  '\x1b[5~',
  '\x1b[H',
  '\r',
  '\t',
  '\x1b[Z',
  '\x7f',
  '\x1b[3~',
  '\x03',
  '\x04',
  '\x1bb',
  '\x1b[1;5C',
  '\x1b[97;5u',
];

function InkKeys({ got }: { got: { input: string; key: Key }[] }) {
  useInput((input, key) => void got.push({ input, key }));
  return null;
}

describe('keys read before the first frame', () => {
  it('are what Ink’s useInput hands over, key for key', async () => {
    const got: { input: string; key: Key }[] = [];
    const r = render(<InkKeys got={got} />);
    for (const k of KEYS) {
      const n = got.length;
      r.stdin.write(k);
      await waitFor(() => got.length > n, `Ink to read ${JSON.stringify(k)}`);
    }
    r.unmount();
    const ours = KEYS.flatMap((k) => inkInputs(k).inputs);
    expect(ours).toEqual(got.map(({ input, key }) => ({ kind: 'key', input, key })));
  });

  it('text read together is one input (the router splits it, as for Ink); a paste stays a paste; the start of a sequence is handed back', () => {
    expect(inkInputs('jj\x1b[B').inputs.map((i) => (i.kind === 'key' ? i.input || (i.key.downArrow ? '↓' : '?') : i.text))).toEqual(['jj', '↓']);
    expect(inkInputs('\x1b[200~a b\x1b[201~').inputs).toEqual([{ kind: 'paste', text: 'a b' }]);
    expect(inkInputs('j\x1b[').rest).toBe('\x1b[');
  });

  it('reads what was typed, then leaves the stream to Ink: later keys reach Ink, none twice, none lost', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true }) as unknown as NodeJS.ReadStream & PassThrough;
    guardStdin(stdin);
    stdin.write('jj');
    stdin.write('\x1b[');
    stdin.write('B2');
    expect(await readTyped(stdin)).toBe('jj\x1b[B2');
    stdin.write('k.');
    // Ink's reader, attached after the first frame.
    const inkGot = await new Promise<string>((resolve) => {
      let got = '';
      const onReadable = () => {
        let chunk: unknown;
        while ((chunk = stdin.read()) !== null) got += String(chunk);
        if (got.endsWith('.')) resolve(got);
      };
      stdin.on('readable', onReadable);
      onReadable();
    });
    expect(inkGot).toBe('k.');
  });
});
