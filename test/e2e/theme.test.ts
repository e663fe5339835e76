// The bundled deck picks its theme in a real terminal: tmux answers OSC 11 with the pane's
// background (window-style), or stays silent and COLORFGBG speaks; --theme and --no-color win.
// The colours are read back from the screen's escape codes (tmux capture-pane -e).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { drawTheme } from '../../src/ui/themes/palettes';
import { startTmux, type TmuxSession } from '../helpers/tmux';
import { removeDir } from '../helpers/dirs';

const ROOT = resolve(__dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');

let configDir: string;
let tmux: TmuxSession | undefined;

beforeAll(() => {
  if (!existsSync(CLI)) execFileSync('node', ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  configDir = mkdtempSync(join(tmpdir(), 'sitedeck-theme-'));
}, 60_000);
afterEach(() => {
  tmux?.kill();
  tmux = undefined;
});
afterAll(() => removeDir(configDir));

/**
 * The demo deck in tmux at 256 colours. With `background`, the pane gets that background first
 * (the deck waits for Enter to start), so tmux has it to answer OSC 11 with.
 */
async function openDemo(args: string[], env: Record<string, string> = {}, background?: string): Promise<TmuxSession> {
  const t = startTmux({
    command: ['sh', '-c', 'read go; exec "$@"', 'sh', 'node', CLI, '--demo', ...args],
    env: { SITEDECK_CONFIG_DIR: configDir, TERM: 'xterm-256color', ...env },
    unsetEnv: ['CI', 'COLORTERM', 'COLORFGBG', 'NO_COLOR', 'FORCE_COLOR', 'SITEDECK_THEME'],
    cwd: ROOT,
    columns: 100,
    rows: 24,
    // A background is set for the whole server (set-option -g): a server of its own.
    ownServer: background !== undefined,
  });
  tmux = t;
  if (background) for (const o of ['window-style', 'window-active-style']) execFileSync('tmux', ['-L', t.socket, 'set-option', '-g', o, `bg=${background}`]);
  t.sendKeys('Enter');
  await t.waitFor(/1 Websites 60\]? .*2 Reports 60/, { what: 'the deck' });
  return t;
}

/** The screen with its escape codes, as tmux keeps it. */
const styled = (t: TmuxSession) => execFileSync('tmux', ['-L', t.socket, 'capture-pane', '-p', '-e', '-t', t.target], { encoding: 'utf8' });
/** The SGR code tmux writes for a theme colour at 256 colours: `ansi256(25)` → `38;5;25`. */
const fg = (colour: string | undefined) => `38;5;${/^ansi256\((\d+)\)$/.exec(colour ?? '')![1]}`;
const headerOf = (screen: string) => screen.split('\n')[0]!;

describe('the theme in a real terminal', () => {
  it('light when the terminal answers OSC 11 with a white background', async () => {
    const t = await openDemo([], {}, '#ffffff');
    const header = headerOf(styled(t));
    expect(header).toContain(fg(drawTheme({ name: 'light', depth: '256' }).accent));
    expect(header).not.toContain(fg(drawTheme({ name: 'dark', depth: '256' }).accent));
  });

  it('dark when it answers with a dark one, even if COLORFGBG (inherited, maybe stale) says light', async () => {
    const t = await openDemo([], { COLORFGBG: '0;15' }, '#1e1e1e');
    expect(headerOf(styled(t))).toContain(fg(drawTheme({ name: 'dark', depth: '256' }).accent));
  });

  it('COLORFGBG when the terminal does not answer OSC 11', async () => {
    const t = await openDemo([], { COLORFGBG: '0;15' });
    expect(headerOf(styled(t))).toContain(fg(drawTheme({ name: 'light', depth: '256' }).accent));
  });

  it('--theme high-contrast on a white background: high-contrast-light', async () => {
    const t = await openDemo(['--theme', 'high-contrast'], {}, '#ffffff');
    expect(headerOf(styled(t))).toContain(fg(drawTheme({ name: 'high-contrast-light', depth: '256' }).accent));
  });

  it("a TERM the colour library does not know: the header's accent and the scores at the theme's 16 colours, one depth on screen", async () => {
    const t = await openDemo([], { TERM: 'sitedeck-test', COLORFGBG: '15;0' });
    const theme = drawTheme({ name: 'dark', depth: '16' });
    const sgr = (name: string | undefined) => ({ cyan: 36, green: 32, greenBright: 92, yellow: 33, yellowBright: 93, redBright: 91 })[name ?? ''];
    // Before, Ink's colours stayed off (its library reads an unknown TERM as none) while the rows' scores wore the theme's.
    expect(headerOf(styled(t))).toMatch(new RegExp(`\\x1b\\[(?:[0-9;]*;)?${sgr(theme.accent)}m`));
    t.sendKeys('2');
    await t.waitFor(/[●◐○] +\d+ +(good|decent|bad)/, { what: 'the Reports rows' });
    const rows = styled(t)
      .split('\n')
      .filter((l) => /[●◐○]/.test(l));
    const classes = new Set<string>();
    for (const l of rows) {
      const m = /\x1b\[(?:[0-9;]*;)?(\d+)m([●◐○]) +\d+ (good|decent|bad)/.exec(l);
      expect(m, l).not.toBeNull();
      const cls = m![3] as 'good' | 'decent' | 'bad';
      expect(Number(m![1]), l).toBe(sgr(theme.result[cls]));
      classes.add(cls);
    }
    expect(classes.size).toBeGreaterThan(1);
  });

  for (const [name, args, env] of [
    ['--no-color', ['--no-color'], {}],
    ['NO_COLOR=1', [], { NO_COLOR: '1' }],
    ['FORCE_COLOR=0', [], { FORCE_COLOR: '0' }],
  ] as const)
    it(`${name}: no colour at all, the active tab and the selected row still inverse, bracketed and marked`, async () => {
      const t = await openDemo([...args], { ...env }, '#ffffff');
      const screen = styled(t);
      expect(screen).not.toMatch(/\x1b\[[0-9;]*(3[0-7]|9[0-7]|38;[25];)[0-9;]*m/);
      expect(headerOf(screen)).toMatch(/\x1b\[[0-9;]*7m\[1 Websites 60\]/);
      expect(screen).toMatch(/\x1b\[[0-9;]*7m›\s+60 /);
    });
});
