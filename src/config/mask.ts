import { DOTS } from '../text/maskUrl';

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

// The URL mask lives in text/ so that every layer quotes a URL through it.
export { maskUrl } from '../text/maskUrl';
