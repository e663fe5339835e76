// The first-run setup screen for a screen reader: each field as `Label: value` (the key by its
// length only), the focused one `(selected)`, a refusal without its glyph; drawn as before otherwise.
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedConfig } from '../../src/config/types';
import { settingFields } from '../../src/config/resolve';
import { SetupScreen, type SetupCheck } from '../../src/ui/screens/SetupScreen';
import { KEYS, renderInk, type InkHarness } from '../helpers/ink';

const config: ResolvedConfig = {
  ...settingFields({}),
  profile: 'default',
  readOnly: false,
  cache: false,
  sources: {},
  configDir: '/nonexistent',
  configPath: '/nonexistent/config.json',
  warnings: [],
};
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

const open = () => (ui = renderInk(<SetupScreen config={config} check={refuse} onDone={() => {}} onQuit={() => {}} width={100} height={30} />));

describe('setup screen, spoken', () => {
  it('says each field with its value and state, the key by its length, and a refusal in words', async () => {
    process.env.INK_SCREEN_READER = 'true';
    const s = open();
    await s.waitForFrame((f) => f.includes('(selected) Analytics URL: empty'), 'the focused field');
    expect(s.frame()).toContain('Profile: default');
    await s.press(['h', 't'], { until: (f) => f.includes('(selected) Analytics URL: ht') });
    await s.press([KEYS.tab, KEYS.tab], { until: (f) => f.includes('(selected) API key: empty') });
    await s.press(['z', 'q', '9'], { until: (f) => f.includes('(selected) API key: 3 characters typed') });
    expect(s.frame()).not.toContain('zq9');
    // A field left empty is refused before any check, in words, and the focus goes to it.
    await s.press(KEYS.ctrl('s'), { until: (f) => f.includes('error: SEO URL is required.') });
    expect(s.frame()).toContain('(selected) SEO URL: empty');
    expect(s.frame()).not.toMatch(/[›▏•]/u);
  });

  it('is drawn as before without a screen reader', async () => {
    delete process.env.INK_SCREEN_READER;
    const s = open();
    await s.waitForFrame((f) => /› Analytics URL +▏/.test(f), 'the drawn form');
    expect(s.frame()).not.toContain('(selected)');
  });
});
