// How PHP and Laravel read request values, for the rules and lists that depend on it: what counts
// as an integer, a number, true, equal; what the hosts' helpers do to domains and URLs; and the
// page fetch a report needs (offline: hosts under the reserved .invalid TLD never resolve).

/** filter_var(FILTER_VALIDATE_INT): optional sign, no leading zeros, within 64 bits. */
export function isPhpInt(v: string): boolean {
  return /^[+-]?(0|[1-9]\d{0,18})$/.test(v.trim()) && Number.isSafeInteger(Number(v));
}

/** is_numeric(): decimal or exponent notation, surrounding whitespace allowed. */
export function isPhpNumeric(v: string): boolean {
  return /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(v);
}

/** PHP 8's `$value == $n` for a request value (a string or null) and an integer. */
export function looseEquals(v: string | null | undefined, n: number): boolean {
  if (v === null || v === undefined) return n === 0;
  return isPhpNumeric(v) && Number(v) === n;
}

/** PHP truthiness of a request value: null, "" and "0" are false. */
export function phpTruthy(v: string | null | undefined): boolean {
  return v !== null && v !== undefined && v !== '' && v !== '0';
}

/** PHP's urlencode (http_build_query): spaces as +, only letters, digits and -_. left as they are. */
export function phpUrlencode(s: string): string {
  return encodeURIComponent(s)
    .replace(/%20/g, '+')
    .replace(/[!'()*~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

/** The analytics host's domain rule (an IPv4 address passes too). */
const DOMAIN_RULE = /^(?!:\/\/)(?=.{1,255}$)((.{1,63}\.){1,127}(?![0-9]*$)[a-z0-9-]+\.?)$|^((25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)(\.|$)){4}$/i;

export function isDomainName(v: string): boolean {
  return DOMAIN_RULE.test(v);
}

/** What the analytics host does to a domain before validating it: lower-case, no scheme, no www. */
export function prepareDomain(raw: string | null | undefined): string {
  const d = (raw ?? '').toLowerCase().replaceAll('https://', '').replaceAll('http://', '');
  return d.startsWith('www.') ? d.replaceAll('www.', '') : d;
}

/** Laravel's `url` rule, in the part that matters here: a scheme, "://", a host, no spaces. */
export function isUrl(v: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\/[^\s/?#@]+(:\d+)?([/?#]\S*)?$/i.test(v);
}

/** The SEO host's cleanUrl(): no trailing "/" on a bare host, then no scheme and no www. */
export function cleanUrl(url: string): string {
  const bare = hostOf(url) !== undefined && /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*\/$/i.test(url) ? url.slice(0, -1) : url;
  return ['https://www.', 'http://www.', 'https://', 'http://'].reduce((s, p) => s.replaceAll(p, ''), bare);
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

/** A report's project: the host of its page, without www. */
export function projectOf(url: string): string {
  return (hostOf(url) ?? '').replace(/^www\./, '');
}

/** The page fetch a report needs: undefined when the page answers, else the HTTP client's error. */
export function fetchError(url: string): string | undefined {
  const host = hostOf(url);
  if (host && !/\.invalid$/i.test(host)) return undefined;
  return `cURL error 6: Could not resolve host: ${host ?? url} (see https://curl.haxx.se/libcurl/c/libcurl-errors.html) for ${url}`;
}
