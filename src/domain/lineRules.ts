// The analytics host's one-per-line fields, as its tracker applies them (real-servers.md): it splits
// the text on line breaks (blank lines dropped) and matches each line on its own, `exclude_ips` with
// Symfony's IpUtils::checkIp (one IPv4 or IPv6 address or CIDR range), `exclude_params` as a query
// parameter's name (`&` alone: every parameter). A line it cannot match excludes no one, silently,
// and its API takes any string: these words are the only place the mistake is caught.
import { isIPv4, isIPv6 } from 'node:net';
import { excerpt } from '../text/sanitize';

/** Which of the host's line rules a `lines` field follows (its row's `check`). */
export type LineRule = 'ipLines' | 'paramLines';

/** Problems said per field; more are counted, so a pasted list of 500 bad lines stays one sentence. */
const MAX_SAID = 3;

/** What makes one line two or more values: the host reads it as one that matches nothing. */
const SEPARATOR = /[,;\s]/;

/** `10.0.0.0/8`'s prefix: digits only, as IpUtils compares it as a number. */
const PREFIX = /^\d{1,3}$/;

const onePerLine = (what: string, line: string) => {
  const sep = line.includes(',') ? 'a comma' : line.includes(';') ? 'a semicolon' : 'a space';
  return `"${excerpt(line)}" holds ${sep}: one per line? (put each ${what} on its own line)`;
};

/** Why the host would match no one against one line of exclude_ips; undefined when it is an address or range. */
function ipLineProblem(line: string): string | undefined {
  if (SEPARATOR.test(line)) return onePerLine('address', line);
  const slash = line.indexOf('/');
  const address = slash < 0 ? line : line.slice(0, slash);
  // A zone (`fe80::1%eth0`) is Node's, not inet_pton's: the host's check refuses it.
  const family = isIPv4(address) ? 4 : isIPv6(address) && !address.includes('%') ? 6 : 0;
  if (family === 0) return `${excerpt(line)} is not an IPv4 or IPv6 address or CIDR range`;
  if (slash < 0) return undefined;
  const prefix = line.slice(slash + 1);
  const max = family === 4 ? 32 : 128;
  if (PREFIX.test(prefix) && Number(prefix) <= max) return undefined;
  return `${excerpt(line)} is not a CIDR range: an IPv${family} range ends in /0 to /${max}`;
}

/** Why the host would drop no parameter for one line of exclude_params; undefined when it names one (or is `&`). */
function paramLineProblem(line: string): string | undefined {
  if (line === '&') return undefined;
  if (SEPARATOR.test(line)) return onePerLine('parameter', line);
  if (line.includes('&')) return `"${excerpt(line)}" holds &: one parameter per line (a line & alone excludes every parameter)`;
  // `utm_source=x`, `?utm_source`: a name the host never sees as written (its keys hold no = ? #).
  if (!/[=?#]/.test(line)) return undefined;
  const name = line.replace(/^\?/, '').split(/[=?#]/)[0];
  return `${excerpt(line)} is not a parameter's name${name ? `: write ${excerpt(name)} alone` : ''}`;
}

const LINE_CHECKS: Readonly<Record<LineRule, (line: string) => string | undefined>> = {
  ipLines: ipLineProblem,
  paramLines: paramLineProblem,
};

/**
 * Each line of `text` the host would match nothing against, in words naming the line (`line 2:
 * 999.1.1.1 is not …`), at most MAX_SAID and a count of the rest; [] when every line counts. Lines
 * are numbered as written, blank ones included (the host drops those), each read without the
 * spaces around it.
 */
export function lineProblems(rule: LineRule, text: string): string[] {
  const said: string[] = [];
  let more = 0;
  text.split(/\r?\n|\r/).forEach((raw, i) => {
    const line = raw.trim();
    const problem = line ? LINE_CHECKS[rule](line) : undefined;
    if (!problem) return;
    if (said.length < MAX_SAID) said.push(`line ${i + 1}: ${problem}`);
    else more++;
  });
  return more ? [...said, `${more} more ${more === 1 ? 'line' : 'lines'} like these`] : said;
}
