// The first-run setup screen for a screen reader, through the deck's append-only writer: said whole
// once (each field as `Label: value`, the key by its length only, the focused one `(selected)`),
// then what each key changed, a line each; at the byte level, every key of the screen (its own and
// the text field's) appends text only: no cursor-up, no erase, no escape sequence, each line once,
// the header not again. Drawn as before otherwise.
import { afterEach, describe, expect, it } from 'vitest';
import { blankConfig } from '../helpers/blankConfig';
import { KEYMAP, keyName } from '../../src/ui/keys/keymap';
import { SETUP_KEYS, SetupScreen, type SetupCheck } from '../../src/ui/screens/SetupScreen';
import { KEYS, renderInk, type InkHarness } from '../helpers/ink';
import { specBytes } from '../helpers/keyBytes';
import { waitFor } from '../helpers/wait';

const config = blankConfig();
// Never reached here: the screen refuses an empty field itself.
const refuse: SetupCheck = async () => ({ ok: false, problems: [{ text: 'checked', fields: [] }] });

let ui: InkHarness | null = null;
const saved = process.env.INK_SCREEN_READER;
afterEach(() => {
  ui?.unmount();
  ui = null;
  if (saved === undefined) delete process.env.INK_SCREEN_READER;
  else process.env.INK_SCREEN_READER = saved;
});

/** The setup screen, every byte it gives the terminal kept in order: Ink's frames and the writer's lines. */
function openSpoken() {
  process.env.INK_SCREEN_READER = 'true';
  const out: string[] = [];
  const s = (ui = renderInk(
    <SetupScreen config={config} check={refuse} onDone={() => {}} onQuit={() => {}} width={100} height={30} write={(t) => out.push(t)} />,
  ));
  let inkSeen = 0;
  const all: string[] = [];
  let looked = 0;
  const collect = () => {
    const frames = s.frames();
    for (; inkSeen < frames.length; inkSeen++) all.push(frames[inkSeen]);
    all.push(...out.splice(0));
    return all.join('');
  };
  const turns = async () => {
    for (let i = 0; i < 4; i++) await new Promise((r) => setImmediate(r));
  };
  /** The bytes written since the last look, once something was said. */
  const since = async () => {
    await waitFor(() => collect().length > looked && /\S/u.test(collect().slice(looked)), 'something said');
    await turns();
    const text = collect().slice(looked);
    looked = collect().length;
    return text;
  };
  return {
    since,
    /** Writes one key and returns what it made the screen say. */
    press: async (key: string) => {
      looked = collect().length;
      s.write(key);
      return since();
    },
    type: async (text: string) => {
      for (const c of text) {
        s.write(c);
        await since();
      }
    },
  };
}

describe('setup screen, spoken', () => {
  it('says each field with its value and state, the key by its length, and a refusal in words, each once', async () => {
    const s = openSpoken();
    const entered = await s.since();
    expect(entered.split('\n')[0]).toBe('sitedeck setup');
    expect(entered).toContain('Profile: default');
    expect(entered).toContain('(selected) Analytics URL: empty');
    expect(entered).toContain('hint: Base URL of the analytics host');
    // A character typed is said alone, not the field's line again.
    expect(await s.press('h')).toBe('h\n');
    expect(await s.press('t')).toBe('t\n');
    expect(await s.press(KEYS.left)).toBe('t, at 1 of 2\n');
    expect(await s.press(KEYS.end)).toBe('t, at end\n');
    expect(await s.press(KEYS.home)).toBe('at start\n');
    expect(await s.press(KEYS.backspace)).toBe('nothing to delete, at start\n');
    const moved = await s.press(KEYS.tab);
    expect(moved).toContain('(selected) SEO URL: empty');
    expect(moved).toContain('Analytics URL: ht');
    await s.press(KEYS.tab);
    await s.type('zq9');
    const refused = await s.press(KEYS.ctrl('s'));
    expect(refused).toContain('error: SEO URL is required.');
    expect(refused).toContain('(selected) SEO URL: empty');
    expect(refused).toContain('API key: 3 characters typed');
    expect(refused).not.toContain('zq9');
    expect(refused).not.toMatch(/[›▏•]/u);
  });

  it('is drawn as before without a screen reader', async () => {
    delete process.env.INK_SCREEN_READER;
    const s = (ui = renderInk(<SetupScreen config={config} check={refuse} onDone={() => {}} onQuit={() => {}} width={100} height={30} />));
    await s.waitForFrame((f) => /› Analytics URL +▏/.test(f), 'the drawn form');
    expect(s.frame()).not.toContain('(selected)');
  });
});

/** The screen's keys: its own (SETUP_KEYS) and the one text field's, each as the keymap binds them. */
const setupBindings = KEYMAP.filter((b) => (SETUP_KEYS as readonly string[]).includes(b.id) || b.id.startsWith('text.'));

describe('setup screen, spoken, at the byte level: every key of it', () => {
  it('has its own keys and the text field’s', () => {
    expect(setupBindings.map((b) => b.id)).toEqual(expect.arrayContaining([...SETUP_KEYS, 'text.left', 'text.home', 'text.backspace']));
  });

  for (const b of setupBindings) {
    for (const spec of b.keys) {
      it(`${b.id} (${keyName(spec)}): appended text only, each line once`, async () => {
        const s = openSpoken();
        const header = (await s.since()).split('\n')[0];
        // Something typed in the middle of the field, so every text key has something to do (or says why not).
        await s.type('https://a.example b');
        await s.press(KEYS.left);
        await s.press(KEYS.left);
        const bytes = await s.press(specBytes(spec));
        expect(bytes, 'cursor up').not.toMatch(/\x1b\[\d*A/);
        expect(bytes, 'erase').not.toMatch(/\x1b\[\d*[KJ]/);
        expect(bytes, 'an escape sequence').not.toMatch(/\x1b/);
        const lines = bytes.split('\n').filter((l) => l !== '');
        expect(lines.length, 'something said').toBeGreaterThan(0);
        expect(
          lines.filter((l, i) => lines.indexOf(l) !== i),
          'a line said twice',
        ).toEqual([]);
        expect(
          lines.filter((l) => l === header),
          'the header again',
        ).toEqual([]);
      });
    }
  }
});
