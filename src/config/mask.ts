const DOTS = '••••';

/**
 * A key as people may see it: at most its last 4 characters, and none of a short key (where 4
 * characters would give most of it away).
 */
export function maskKey(key: string | undefined | null): string {
  if (!key) return '';
  return key.length >= 12 ? DOTS + key.slice(-4) : DOTS;
}

/** Replaces every occurrence of `key` in `text` with its masked form (for error messages). */
export function redactKey(text: string, key: string | undefined | null): string {
  if (!key || key.length < 4) return text;
  return text.split(key).join(maskKey(key));
}

/**
 * A URL as people may see it: a password in it (`https://user:secret@host`) reads `user:••••`; a
 * user part alone, often a token, reads `••••`. Written without a scheme (`user:secret@host:1`,
 * which sitedeck reads as https) it is masked the same. Nothing else of the URL is changed.
 */
export function maskUrl(url: string): string;
export function maskUrl(url: string | undefined): string | undefined;
export function maskUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  return url.replace(/^(\s*(?:[a-z][a-z0-9+.-]*:\/\/)?)([^/?#@]*)@/i, (_m, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(':');
    return `${scheme}${colon >= 0 ? `${userinfo.slice(0, colon)}:${DOTS}` : DOTS}@`;
  });
}
