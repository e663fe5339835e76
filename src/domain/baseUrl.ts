// A base URL as people type it: with or without its scheme (https:// is assumed), http or https only,
// its host under the one host rule (text/webUrl.ts). Its own rules: `user:pass@host` typed bare is
// credentials, not a `user:` scheme; without a scheme the host must look like one (a dot, a port,
// localhost or an address), so a stray word (`notaurl`) is refused instead of becoming
// https://notaurl; with a scheme an intranet name (http://analytics:8080, https://stats) is taken as
// written. It may carry the API path (api/urls.ts resolves it).
import { maskUrl } from '../text/maskUrl';
import { hostWords, parseWebUrl, type WebUrlProblem } from '../text/webUrl';
import type { Parsed } from './parse';

export function parseBaseUrl(raw: string): Parsed<URL> {
  // Every refusal quotes the URL as typed, its password masked.
  const shown = maskUrl(raw.trim());
  const parsed = parseWebUrl(raw, { bare: 'https', bareUserinfo: true });
  if (!parsed.ok) return { ok: false, error: baseUrlWhy(parsed.problem, shown) };
  const url = parsed.url;
  const host = url.hostname;
  const hostLike = host.includes('.') || host === 'localhost' || host.startsWith('[') || url.port !== '';
  if (!parsed.schemed && !hostLike) {
    return { ok: false, error: `"${shown}" is not a URL: give a host name such as analytics.example.com, or the full address with http:// or https://` };
  }
  return { ok: true, value: url };
}

function baseUrlWhy(p: WebUrlProblem, shown: string): string {
  switch (p.kind) {
    case 'empty':
      return 'the base URL is empty';
    case 'scheme':
      return `"${shown}" must start with http:// or https://`;
    case 'host':
      return `"${shown}" is not a valid URL: ${hostWords(p.host)}`;
    case 'bare':
    case 'unparsable':
    case 'slashes':
      return `"${shown}" is not a valid URL`;
  }
}

/** This machine by name or address: 127.0.0.0/8, ::1, localhost. Traffic to it never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  // 127.0.0.0/8, also as an IPv4-mapped IPv6 address (::ffff:127.0.0.1, which URL writes ::ffff:7f00:1).
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  return /^::ffff:(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|7f[0-9a-f]{2}:[0-9a-f]{1,4})$/.test(host);
}

/**
 * The host a base URL sends the key to in the clear: its http:// host when that is another
 * machine, else undefined (https, loopback, or not a URL — the parser says why elsewhere).
 */
export function plainHttpHost(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const parsed = parseBaseUrl(raw);
  if (!parsed.ok || parsed.value.protocol !== 'http:') return undefined;
  return isLoopbackHost(parsed.value.hostname) ? undefined : parsed.value.host;
}

/** The one warning for plain http to another machine; `setting` names where the URL was written. */
export function plainHttpWarning(setting: string | readonly string[], host: string): string {
  const names = typeof setting === 'string' ? [setting] : setting;
  return (
    `warning: ${names.join(' and ')} ${names.length > 1 ? 'are' : 'is'} plain http to ${host}: ` +
    `the API key travels unencrypted to that machine with every request; use https:// if the host offers it`
  );
}

/** The warnings for a configuration's base URLs: one per host, naming the setting(s) that point there. */
export function plainHttpWarnings(urls: readonly { setting: string; url: string | undefined }[]): string[] {
  const byHost = new Map<string, string[]>();
  for (const { setting, url } of urls) {
    const host = plainHttpHost(url);
    if (host) byHost.set(host, [...(byHost.get(host) ?? []), setting]);
  }
  return [...byHost].map(([host, settings]) => plainHttpWarning(settings, host));
}
