// One reading of a web address: a base URL in the settings (domain/baseUrl.ts), a report's URL in a
// form or a flag (domain/validate.ts) and a record's name made a link to open or copy (text/url.ts)
// all go through parseWebUrl, so they agree on what a scheme is, which ports exist and what a host
// is (hostProblem). Each caller adds only its own rule and its own words. In text/, the lowest
// layer, beside maskUrl, which every echo of a URL goes through.

/** Why a host is not one: none at all, a leading `-` (a program would read it as an option), a part starting or ending with `-`, other characters, port 0. */
export type HostProblem = 'none' | 'dash' | 'hyphen' | 'name' | 'port';

export type WebUrlProblem =
  | { kind: 'empty' }
  /** Another scheme than http or https (`mailto`, `javascript`, `ftp`). */
  | { kind: 'scheme'; scheme: string }
  /** No scheme where the caller wants the address written whole. */
  | { kind: 'bare' }
  | { kind: 'unparsable' }
  /** `https:host`, `https:/host`, `https:\\host`: the parser reads them as `https://host`; an address says what it is. */
  | { kind: 'slashes' }
  | { kind: 'host'; host: HostProblem };

export type WebUrl = { ok: true; url: URL; schemed: boolean } | { ok: false; problem: WebUrlProblem };

export interface WebUrlRules {
  /** Text with no scheme: read as `https://text` (a domain, a base URL typed bare), or refused. */
  bare: 'https' | 'refuse';
  /**
   * Whether `user:pass@host` typed with no scheme is credentials before a host (a base URL as
   * people type it; see maskUrl), or a `user:` scheme, as `mailto:a@b.example` is one (a link).
   */
  bareUserinfo: boolean;
}

/** `mailto:`, `javascript:`, `file:///…` — but not `host:8080`, which is a host and a port. */
const SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d)/i;
/** `user:pass@…`: a name, a colon, then credentials up to an `@` before any `/`, `?`, `#` or backslash. */
const USERINFO = /^[a-z][a-z0-9+.-]*:[^/?#\\]*@/i;
/** One part of a host name as the URL parser leaves it (ASCII; punycode for the rest): letters, digits, `_` and `-`, not at its ends. */
const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/i;
const IPV6 = /^\[[0-9a-f:.]+\]$/i;

/**
 * The host rule, on a parsed URL: an [IPv6] address, or dot-separated parts of letters, digits,
 * `_` and `-` (an IPv4 address is one; one trailing dot is allowed, as in DNS), no part starting or
 * ending with `-`, at most 253 characters; and a port other than 0.
 */
export function hostProblem(url: URL): HostProblem | undefined {
  const host = url.hostname;
  if (host === '') return 'none';
  if (url.port === '0') return 'port';
  if (IPV6.test(host)) return undefined;
  if (host.startsWith('-')) return 'dash';
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (name.length > 253) return 'name';
  const labels = name.split('.');
  if (labels.some((l) => !/^[a-z0-9_-]{1,63}$/i.test(l))) return 'name';
  return labels.every((l) => LABEL.test(l)) ? undefined : 'hyphen';
}

/** Parses `raw` (trimmed) as an http or https URL under the caller's rules for a missing scheme. */
export function parseWebUrl(raw: string, rules: WebUrlRules): WebUrl {
  const text = raw.trim();
  if (text === '') return { ok: false, problem: { kind: 'empty' } };
  if (/^https?:(?!\/\/|\d)/i.test(text)) return { ok: false, problem: { kind: 'slashes' } };
  const scheme = rules.bareUserinfo && USERINFO.test(text) ? undefined : SCHEME.exec(text)?.[1].toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return { ok: false, problem: { kind: 'scheme', scheme } };
  if (scheme === undefined && rules.bare === 'refuse') return { ok: false, problem: { kind: 'bare' } };
  let url: URL;
  try {
    url = new URL(scheme === undefined ? `https://${text}` : text);
  } catch {
    return { ok: false, problem: { kind: 'unparsable' } };
  }
  const host = hostProblem(url);
  if (host) return { ok: false, problem: { kind: 'host', host } };
  return { ok: true, url, schemed: scheme !== undefined };
}

const HOST_WORDS: Record<HostProblem, string> = {
  none: 'it has no host',
  dash: 'its host starts with "-"',
  hyphen: 'a part of its host starts or ends with "-"',
  name: 'its host is not a host name or an IP address',
  port: 'its port is 0, which no host listens on',
};

/** A host problem in words, said after the address: `its host starts with "-"`. */
export function hostWords(p: HostProblem): string {
  return HOST_WORDS[p];
}
