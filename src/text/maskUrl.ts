// One mask for every echo of a URL: a message, a table or a warning that quotes a URL someone typed
// shows it through maskUrl, so a password written into a base URL is never printed back. In text/,
// the lowest layer, so validation (domain/), config and the commands all reach the same function.

/** What stands for a secret wherever one is masked (a key, a URL's password). */
export const DOTS = '••••';

/**
 * The scheme and the userinfo of a URL as typed: the userinfo runs to the last `@` before the path
 * (as URL parsers read it); `https:/u:p@h` and `https:\\u:p@h` are read as `https://u:p@h`.
 */
const USERINFO = /^(\s*(?:[a-z][a-z0-9+.-]*:[/\\]*)?)([^/?#\\]*)@/i;

/**
 * A URL as people may see it: a password in it (`https://user:secret@host`) reads `user:••••`; a
 * user part alone, often a token, reads `••••`. Written without a scheme (`user:secret@host:1`,
 * which sitedeck reads as https) it is masked the same; so is one that is not a valid URL (a space,
 * a `[`, another scheme). Nothing else of the URL is changed.
 */
export function maskUrl(url: string): string;
export function maskUrl(url: string | undefined): string | undefined;
export function maskUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  return url.replace(USERINFO, (_m, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(':');
    return `${scheme}${colon >= 0 ? `${userinfo.slice(0, colon)}:${DOTS}` : DOTS}@`;
  });
}
