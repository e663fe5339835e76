// `o`: the highlighted report's page or website in the browser — $BROWSER, else the platform's
// opener — or, where no browser can show (SSH without a display), nothing opened and the caller
// copies the link instead. The link is one argument of a program started without a shell (on
// Windows too: `cmd /c start` would hand `&` and `^` to cmd.exe), and only a web link gets here
// (webLink, src/text/url.ts): its href has no blank, quote or leading `-`.
import { childProcess } from '../../files/childProcess';
import type { Io } from '../../terminal/io';

export type Opened = { ok: true; how: string } | { ok: false; why: string };

/** Opens `href`; `failed` hears of a failure that shows only after the start (the opener's exit code). */
export type OpenLink = (href: string, failed: (why: string) => void) => Opened | Promise<Opened>;

type Env = Readonly<Record<string, string | undefined>>;

/** The command that opens a link here, or why there is none. */
export function opener(env: Env, platform: NodeJS.Platform): { cmd: string; args: string[]; how: string } | { none: string } {
  if (env.BROWSER?.trim()) return { cmd: env.BROWSER.trim(), args: [], how: `$BROWSER (${env.BROWSER.trim()})` };
  if (platform === 'darwin') return { cmd: 'open', args: [], how: 'open' };
  // The shell's own handler for a URL, as the `open` package's fallback does; no cmd.exe between.
  if (platform === 'win32') return { cmd: 'rundll32', args: ['url.dll,FileProtocolHandler'], how: 'the default browser' };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return { none: env.SSH_CONNECTION || env.SSH_TTY ? 'no display over SSH' : 'no display' };
  return { cmd: 'xdg-open', args: [], how: 'xdg-open' };
}

function startFailure(how: string, e: NodeJS.ErrnoException): string {
  if (e.code === 'ENOENT') return `${how} was not found`;
  if (e.code === 'EACCES') return `${how} cannot be run (permission denied)`;
  return `${how} could not start (${e.code ?? e.message})`;
}

/**
 * Starts the opener on `href` in the background (its output never reaches the deck's screen);
 * resolves once it has started or failed to (ENOENT). A non-zero exit later goes to `failed`.
 */
export function openInBrowser(href: string, failed: (why: string) => void, io: Pick<Io, 'env' | 'platform'>): Promise<Opened> {
  const o = opener(io.env, io.platform);
  if ('none' in o) return Promise.resolve({ ok: false, why: o.none });
  return new Promise((resolve) => {
    try {
      const child = childProcess().spawn(o.cmd, [...o.args, href], { detached: true, stdio: 'ignore', windowsHide: true, env: { ...io.env } });
      child.once('spawn', () => resolve({ ok: true, how: o.how }));
      child.once('error', (e: NodeJS.ErrnoException) => resolve({ ok: false, why: startFailure(o.how, e) }));
      child.once('exit', (code) => {
        if (code !== null && code !== 0) failed(`${o.how} exited with code ${code}`);
      });
      child.unref();
    } catch (e) {
      resolve({ ok: false, why: startFailure(o.how, e as NodeJS.ErrnoException) });
    }
  });
}
