// A base URL as people type it: with or without its scheme (https:// is assumed), http or https only.
// Without a scheme the host must look like one (a dot, a port, localhost or an address), so a stray
// word (`notaurl`) is refused instead of becoming https://notaurl; with a scheme an intranet name
// (http://analytics:8080, https://stats) is taken as written.
import type { Parsed } from './parse';

export function parseBaseUrl(raw: string): Parsed<URL> {
  const text = raw.trim();
  if (!text) return { ok: false, error: 'the base URL is empty' };
  const schemed = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  let url: URL;
  try {
    url = new URL(schemed ? text : `https://${text}`);
  } catch {
    return { ok: false, error: `"${text}" is not a valid URL` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, error: `"${text}" must start with http:// or https://` };
  const host = url.hostname;
  const hostLike = host.includes('.') || host === 'localhost' || host.startsWith('[') || url.port !== '';
  if (!schemed && !hostLike) {
    return { ok: false, error: `"${text}" is not a URL: give a host name such as analytics.example.com, or the full address with http:// or https://` };
  }
  return { ok: true, value: url };
}
