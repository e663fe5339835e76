// Which proxy a request goes through, read from the environment the way curl and gh read it:
// HTTPS_PROXY/https_proxy for https targets, HTTP_PROXY/http_proxy for http ones (ALL_PROXY as a
// fallback), NO_PROXY/no_proxy for hosts reached directly (names, .domain suffixes, `*`, host:port).
// proxy-from-env does the reading; this module names the result and masks credentials for display.
// This machine (localhost, 127.0.0.0/8, ::1) is always reached directly, as gh does: a proxy cannot
// reach this machine's loopback, where the demo's emulator, `sitedeck serve` and SSH tunnels listen.

import { getProxyForUrl } from 'proxy-from-env';
import { isLoopbackHost } from '../domain/baseUrl';

/** The proxy URL a request to `url` goes through, or undefined when it goes direct. Reads process.env on each call. */
export function proxyFor(url: string | URL): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    return undefined;
  }
  if (isLoopbackHost(parsed.hostname)) return undefined;
  return getProxyForUrl(parsed.href) || undefined;
}

/** A proxy written without a scheme (host:port, user:pass@host:port) is an http one, as curl reads it. */
const withScheme = (proxyUrl: string) => (proxyUrl.includes('://') ? proxyUrl : `http://${proxyUrl}`);

/** A proxy URL fit to print: user and password replaced by dots, no trailing slash. */
export function maskProxy(proxyUrl: string): string {
  try {
    const u = new URL(withScheme(proxyUrl));
    // Built by hand: URL would percent-encode the dots.
    const who = u.username || u.password ? `${u.username ? '•••' : ''}${u.password ? ':•••' : ''}@` : '';
    return `${u.protocol}//${who}${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    // Not a URL: hide anything before an @ all the same.
    return proxyUrl.replace(/^([^/]*\/\/)?[^@/]*@/, '$1•••@');
  }
}

/** "proxy.example.com:3128": how a message names a proxy (never its credentials). */
export function proxyHost(proxyUrl: string): string {
  try {
    const u = new URL(withScheme(proxyUrl));
    return u.port ? u.host : `${u.host}:${u.protocol === 'https:' ? 443 : 80}`;
  } catch {
    return maskProxy(proxyUrl);
  }
}
