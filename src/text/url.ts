// URLs as lists show them: `https://` and a leading `www.` dropped (plain `http://` kept, so it
// shows), and when one must be cut, cut in the middle so the host's start and the path's end stay:
// `acmebooks.com/Docs/…/pricing`. The deck's list and `reports list`'s table share this.
import cliTruncate from 'cli-truncate';
import { SINGLE_CELL } from './singleCell';
import { hostWords, parseWebUrl, type WebUrlProblem } from './webUrl';
import { widthOf } from './wrap';

/** `https://www.acme.com/a` → `acme.com/a`; `http://www.acme.com/a` → `http://acme.com/a`. */
export function displayUrl(url: string): string {
  const m = /^(https?):\/\/(.*)$/i.exec(url.trim());
  if (!m) return url.trim().replace(/^www\./i, '');
  const rest = m[2].replace(/^www\./i, '');
  return m[1].toLowerCase() === 'https' ? rest : `http://${rest}`;
}

/**
 * A domain or URL as the hosts store it, for comparing: no scheme, no leading www., no trailing
 * slash; the host part lower-case (paths keep their case). Two reports of one such URL are two
 * analyses of one page.
 */
export function comparableName(raw: string): string {
  const bare = raw
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/+$/, '');
  const slash = bare.indexOf('/');
  return slash < 0 ? bare.toLowerCase() : bare.slice(0, slash).toLowerCase() + bare.slice(slash);
}

/** The host of a URL as shown (no scheme, no `www.`), '' when it has none. */
export function urlHost(url: string): string {
  return /^([^/?#]*)/.exec(displayUrl(url).replace(/^http:\/\//, ''))![1].toLowerCase();
}

/** What follows the host of a URL as shown: `acme.com/a/b?q` → `/a/b?q`, `acme.com` → `/`. */
export function urlPath(url: string): string {
  const rest = displayUrl(url).replace(/^http:\/\//, '');
  const at = rest.search(/[/?#]/);
  return at === -1 ? '/' : rest[at] === '/' ? rest.slice(at) : `/${rest.slice(at)}`;
}

/** Whether a report's project says nothing its URL does not (the host, without `www.`). */
export function projectRepeatsHost(url: string, project: string | null | undefined): boolean {
  return !project || urlHost(url) === project.toLowerCase().replace(/^www\./, '');
}

/**
 * At most `width` columns of a shown URL: whole when it fits, else the start (host first) and the
 * end (last path segment first) with … between. `keep`: text (a search) to keep in view when it
 * would fall in the cut; when it cannot fit either, the cut is made around it.
 */
export function shortUrl(url: string, width: number, keep?: string): string {
  if (width <= 0) return '';
  let shown = displayUrl(url);
  const single = SINGLE_CELL.test(shown);
  // Only the ends can show: a huge URL of wide or joined characters loses its middle before
  // anything measures it (measuring it whole takes minutes).
  const ends = width * 8;
  if (!single && shown.length > ends * 2)
    shown = `${shown.slice(0, ends).replace(/[\ud800-\udbff]$/, '')}…${shown.slice(-ends).replace(/^[\udc00-\udfff]/, '')}`;
  if (widthOf(shown) <= width) return shown;
  if (width < 4) return cliTruncate(shown, width, { position: 'end' });
  if (!single) return cliTruncate(shown, width, { position: 'middle' });
  const room = width - 1;
  const scheme = shown.startsWith('http://') ? 7 : 0;
  const sep = shown.slice(scheme).search(/[/?#]/);
  const hostEnd = sep === -1 ? shown.length : scheme + sep;
  const lastSlash = Math.max(shown.lastIndexOf('/'), hostEnd);
  const lastSeg = shown.length - lastSlash;
  // The start keeps the host (up to half the room); the end its last segment (up to two thirds).
  let tail = Math.min(Math.max(lastSeg, Math.ceil(room / 3)), Math.floor((room * 2) / 3), room - Math.min(hostEnd, Math.ceil(room / 2)));
  if (tail > lastSeg) {
    // Start the end at a segment boundary: `…/how-we-work/pricing`, not `…k/pricing`.
    const from = shown.indexOf('/', shown.length - tail);
    if (from >= hostEnd && from !== -1) tail = shown.length - from;
  }
  let head = room - tail;
  let end = tail;
  const at = keep ? shown.toLowerCase().indexOf(keep.toLowerCase()) : -1;
  if (at >= 0) {
    const k = keep!.length;
    const inView = at + k <= head || at >= shown.length - end;
    if (!inView) {
      if (at + k <= room - Math.min(end, lastSeg)) {
        // Keep the start up to the match, the end shrinks.
        head = at + k;
        end = room - head;
      } else if (shown.length - at <= room - Math.min(head, hostEnd)) {
        end = shown.length - at;
        head = room - end;
      } else {
        // The match sits in the middle of a long URL: `…` around it, as much of it as fits.
        const from = Math.max(0, Math.min(at, shown.length - (width - 2)));
        return '…' + shown.slice(from, from + width - 2) + '…';
      }
    }
  }
  return shown.slice(0, head) + '…' + shown.slice(shown.length - end);
}

/** A record's name as a link a browser may be given, or why it may not (said in the flash). */
export type WebLink = { ok: true; link: string; href: string } | { ok: false; why: string };

/**
 * Only web links leave sitedeck for a browser or the clipboard: a website's domain or a report's
 * URL, with `https://` in front when it has no scheme, and only when it parses as an http(s) URL
 * whose host passes the one host rule (webUrl.ts): never one starting with `-`, which an opener
 * would read as an option. `link` is the text (copied, shown), `href` the parsed URL (ASCII, no
 * blank or quote) handed to an opener.
 */
export function webLink(name: string): WebLink {
  const parsed = parseWebUrl(name, { bare: 'https', bareUserinfo: false });
  if (!parsed.ok) return { ok: false, why: linkWhy(parsed.problem) };
  const text = name.trim();
  return { ok: true, link: parsed.schemed ? text : `https://${text}`, href: parsed.url.href };
}

function linkWhy(p: WebUrlProblem): string {
  switch (p.kind) {
    case 'empty':
      return 'it has no name to make a link of';
    case 'scheme':
      return `it is a ${p.scheme}: link, and only http and https links are opened or copied`;
    case 'bare':
    case 'unparsable':
      return 'it is not a web address (it does not parse as an http or https URL)';
    case 'slashes':
      return 'it is not a web address (http:// or https:// then a host)';
    case 'host':
      return p.host === 'dash' ? `${hostWords('dash')}, which a program would read as an option` : hostWords(p.host);
  }
}
