// `o`: the highlighted report's page or website in the browser — $BROWSER, else the platform's
// opener — or, where no browser can show (SSH without a display), nothing opened and the caller
// copies the link instead.
import { spawn } from 'node:child_process';

export type Opened = { ok: true; how: string } | { ok: false; why: string };

type Env = Readonly<Record<string, string | undefined>>;

/** The command that opens a link here, or why there is none. */
export function opener(env: Env, platform: NodeJS.Platform = process.platform): { cmd: string; args: string[]; how: string } | { none: string } {
  if (env.BROWSER?.trim()) return { cmd: env.BROWSER.trim(), args: [], how: `$BROWSER (${env.BROWSER.trim()})` };
  if (platform === 'darwin') return { cmd: 'open', args: [], how: 'open' };
  if (platform === 'win32') return { cmd: 'cmd', args: ['/c', 'start', '""'], how: 'start' };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return { none: env.SSH_CONNECTION || env.SSH_TTY ? 'no display over SSH' : 'no display' };
  return { cmd: 'xdg-open', args: [], how: 'xdg-open' };
}

/** Starts the opener on `url` in the background (its output never reaches the deck's screen). */
export function openInBrowser(url: string, env: Env = process.env): Opened {
  const o = opener(env);
  if ('none' in o) return { ok: false, why: o.none };
  try {
    const child = spawn(o.cmd, [...o.args, url], { detached: true, stdio: 'ignore', env: { ...process.env } });
    child.on('error', () => {}); // an opener that is not there: the flash already said which was asked
    child.unref();
    return { ok: true, how: o.how };
  } catch (e) {
    return { ok: false, why: (e as Error).message };
  }
}
