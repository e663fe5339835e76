// `sitedeck doctor`, the terminal: what the deck will find when it starts here. The deck's own
// rules decide (its smallest size, its colour depth), so the checks say what the deck will do.
import { childProcess } from '../files/childProcess';
import { SETTINGS } from '../config/settings';
import { THEMES } from '../config/types';
import { backgroundOfColorFgBg, colorDepth, MIN_SIZE, multiplexerOf, screenReaderOn } from './env';

type Env = Readonly<Record<string, string | undefined>>;

/** One check, in the shape of the commands' DoctorCheck (the commands sit beside the deck, not under it). */
export interface TerminalCheck {
  id: string;
  group: 'terminal';
  status: 'ok' | 'warn' | 'fail';
  title: string;
  detail: string;
  fix?: string;
}

export interface TerminalFacts {
  env: Env;
  /** The size of the first of stdout, stderr that is a terminal; undefined when neither is. */
  size?: { columns: number; rows: number };
  /** tmux's global options, when inside tmux and tmux answered. */
  tmux?: { setClipboard?: string; mouse?: string };
  /** The `mouse` setting in use (undefined: the configuration could not be read). */
  mouseSetting?: boolean;
  /** The `screen_reader` setting in use (undefined: the configuration could not be read). */
  screenReaderSetting?: boolean;
}

/** Asks the tmux the deck runs in ($TMUX names its server) for one global option. */
function tmuxOption(name: string): string | undefined {
  const r = childProcess().spawnSync('tmux', ['show-options', '-gv', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 3000 });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** `size`: the terminal's, when stdout or stderr is one (the caller's streams: doctor's seam). */
export function terminalFacts(env: Env, size: TerminalFacts['size'], mouseSetting: boolean | undefined, screenReaderSetting?: boolean): TerminalFacts {
  const inTmux = multiplexerOf(env) === 'tmux';
  return {
    env,
    size,
    tmux: inTmux ? { setClipboard: tmuxOption('set-clipboard'), mouse: tmuxOption('mouse') } : undefined,
    mouseSetting,
    screenReaderSetting,
  };
}

const utf8 = /utf-?8/i;

/**
 * Which background the themes are for. `auto` and `high-contrast` follow the terminal's answer to
 * OSC 11 (asked when the deck starts, not here), else COLORFGBG, else they draw their dark theme:
 * on a light terminal that does not answer, that is yellow on white. Said here, with how to say it.
 */
function backgroundCheck(env: Env): Pick<TerminalCheck, 'status' | 'detail' | 'fix'> {
  const themeEnv = SETTINGS.theme.env;
  const named = THEMES.find((t) => t === env[themeEnv]?.trim().toLowerCase());
  if (named) return { status: 'ok', detail: `not asked: ${themeEnv}=${named} names the theme` };
  const said = backgroundOfColorFgBg(env.COLORFGBG);
  if (said) return { status: 'ok', detail: `${said} (COLORFGBG=${env.COLORFGBG}), unless the terminal answers otherwise when the deck asks` };
  return {
    status: 'ok',
    detail:
      'unknown here (COLORFGBG unset): the deck asks the terminal when it starts, and one that does not answer gets the dark themes ' +
      '(auto: dark, high-contrast: high-contrast-dark); on a light terminal set the theme ' +
      '(`sitedeck config set theme light` or high-contrast-light) or COLORFGBG=0;15',
  };
}

export function terminalChecks(f: TerminalFacts): TerminalCheck[] {
  const check = (name: string, title: string, rest: Pick<TerminalCheck, 'status' | 'detail' | 'fix'>): TerminalCheck => ({
    id: `terminal.${name}`,
    group: 'terminal',
    title,
    ...rest,
  });
  const out: TerminalCheck[] = [];
  const need = `${MIN_SIZE.columns}×${MIN_SIZE.rows}`;

  if (!f.size)
    out.push(
      check('size', 'size', {
        status: 'warn',
        detail: 'not a terminal (output is piped): the deck needs one; the commands do not',
        fix: 'run `sitedeck doctor` in the terminal the deck will use',
      }),
    );
  else if (f.size.columns < MIN_SIZE.columns || f.size.rows < MIN_SIZE.rows) {
    out.push(
      check('size', 'size', {
        status: 'warn',
        detail: `${f.size.columns}×${f.size.rows}: smaller than the deck's ${need}`,
        fix: `make the window at least ${need}`,
      }),
    );
  } else out.push(check('size', 'size', { status: 'ok', detail: `${f.size.columns}×${f.size.rows} (the deck needs ${need})` }));

  const depth = colorDepth(f.env);
  const term = `TERM=${f.env.TERM ?? '(unset)'}${f.env.COLORTERM ? `, COLORTERM=${f.env.COLORTERM}` : ''}`;
  if (depth === 'none') {
    const why = f.env.NO_COLOR ? 'NO_COLOR is set' : f.env.FORCE_COLOR !== undefined ? `FORCE_COLOR=${f.env.FORCE_COLOR}` : term;
    out.push(
      check('colour', 'colours', {
        status: 'warn',
        detail: `none (${why}): states show by weight, inverse and glyphs`,
        fix: 'unset NO_COLOR, or set TERM=xterm-256color',
      }),
    );
  } else {
    const words = { '16': '16 colours', '256': '256 colours', truecolor: 'true colour' } as const;
    out.push(check('colour', 'colours', { status: 'ok', detail: `${words[depth]} (${term})` }));
  }

  if (depth !== 'none') out.push(check('background', 'background', backgroundCheck(f.env)));

  const locale = f.env.LC_ALL || f.env.LC_CTYPE || f.env.LANG;
  const localeName = f.env.LC_ALL ? 'LC_ALL' : f.env.LC_CTYPE ? 'LC_CTYPE' : 'LANG';
  if (locale && utf8.test(locale)) out.push(check('utf8', 'UTF-8', { status: 'ok', detail: `${localeName}=${locale}` }));
  else
    out.push(
      check('utf8', 'UTF-8', {
        status: 'warn',
        detail: `${locale ? `${localeName}=${locale}` : 'no locale set'}: not UTF-8, so glyphs (✓ ● ›) may show wrong`,
        fix: 'export LANG=C.UTF-8 (or your language, e.g. en_GB.UTF-8)',
      }),
    );

  if (!f.tmux) out.push(check('tmux', 'tmux', { status: 'ok', detail: 'not inside tmux' }));
  else if (f.tmux.setClipboard === undefined)
    out.push(
      check('tmux', 'tmux', {
        status: 'warn',
        detail: 'inside tmux, which did not answer (is tmux on PATH?)',
        fix: 'check `tmux show-options -g set-clipboard`',
      }),
    );
  else if (f.tmux.setClipboard === 'off') {
    out.push(
      check('tmux', 'tmux', {
        status: 'warn',
        detail: "set-clipboard off: a copy (y) stays in tmux's buffer and never reaches your clipboard",
        fix: 'add `set -g set-clipboard on` to ~/.tmux.conf',
      }),
    );
  } else out.push(check('tmux', 'tmux', { status: 'ok', detail: `set-clipboard ${f.tmux.setClipboard}: a copy (y) reaches your terminal's clipboard` }));

  const mouse = f.mouseSetting === undefined ? 'the mouse setting unknown' : f.mouseSetting ? 'on' : 'off (setting mouse)';
  const tmuxMouse = f.tmux?.mouse ? `; tmux mouse ${f.tmux.mouse}` : '';
  const selecting = f.mouseSetting !== false ? ' (hold Shift to select text)' : '';
  out.push(check('mouse', 'mouse', { status: 'ok', detail: `${mouse}${tmuxMouse}${selecting}` }));

  const reader = screenReaderOn({ screenReader: f.screenReaderSetting }, f.env);
  const why = f.screenReaderSetting ? 'setting screen_reader' : 'INK_SCREEN_READER=true';
  out.push(
    check('screen_reader', 'screen reader', {
      status: 'ok',
      detail: reader ? `on (${why}): the deck speaks linear text` : 'off (--screen-reader or `config set screen_reader true` speaks the deck as linear text)',
    }),
  );
  return out;
}
