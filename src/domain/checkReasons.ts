// Why a check failed, in words, from the `value` and `errors` the server sent: one table keyed by
// the check names of CHECKS and, inside, by error key. Checks and error keys missing from the table
// are still said (their name in words, their raw detail made readable), never dropped.
import { sanitize } from '../text/sanitize';
import { CHECKS, type CheckName } from './results';
import { groupDigits, plural } from '../text/digits';

/** What the reason needs of a check (the normalised Check, or a record's raw check). */
export interface CheckFacts {
  name: string;
  passed: boolean;
  value?: unknown;
  errors?: Record<string, unknown> | null;
}

type Sentence = (detail: unknown, value: unknown) => string;

interface Measure {
  of: (value: unknown) => number | null;
  unit: (n: number) => string;
  /** A limit reads as a bare number (`78 characters (max 60)`); otherwise with its unit (`max 1 s`). */
  bareLimit?: boolean;
}

interface CheckWords {
  /** What failing means when the server says no more than an error key (`missing`, `failed`). */
  fault: string;
  /**
   * The host's own figure the check judged, as the report's value holds it, and its unit (a load
   * time in s): every reason of the check says it (`too slow (1.86 s)`), a limit's words and the
   * audit's range too, and a passed check shows it in brief.
   */
  figure?: Measure;
  /** The amount a limit error (`too_long`, `too_many`, …) compares, and its unit, when it is not the figure (a title's characters, which sitedeck counts). */
  measure?: Measure;
  /** The value in brief, shown beside a passed check where it helps (else its figure); null when it does not. */
  brief?: (value: unknown) => string | null;
  /** Error keys of this check that say more than `fault`. */
  errors?: Readonly<Record<string, Sentence>>;
}

const MAX_ITEMS = 3;
const MAX_TEXT = 160;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const asNumber = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null;
const clip = (s: string) => (s.length > MAX_TEXT ? s.slice(0, MAX_TEXT - 1) + '…' : s);

/** Deepest nesting read; anything below reads "…". */
export const MAX_DEPTH = 32;
/** Values looked at per reason: a wide or deep value costs this much, never more. */
const MAX_NODES = 200;
/** Errors of one check said; more are counted. */
const MAX_ERRORS = 12;

interface Budget {
  nodes: number;
}

/** "a, b, c, …" (at most three shown). */
function listOf(items: readonly unknown[], depth = 0, budget: Budget = { nodes: MAX_NODES }): string {
  const shown = items
    .slice(0, MAX_ITEMS)
    .map((x) => walk(x, depth, budget))
    .filter(Boolean);
  return shown.join(', ') + (items.length > MAX_ITEMS ? ', …' : '');
}

/** Any value from the server, readable on one inert line: lists joined, objects as `key: value`. */
export function readable(v: unknown): string {
  return walk(v, 0, { nodes: MAX_NODES });
}

// One visit per value, at most MAX_DEPTH deep and MAX_NODES in all: linear in what is shown,
// whatever the server sent.
function walk(v: unknown, depth: number, budget: Budget): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') return groupDigits(v);
  if (typeof v !== 'object') return clip(sanitize(String(v).slice(0, MAX_TEXT + 1)));
  if (depth >= MAX_DEPTH || --budget.nodes <= 0) return '…';
  if (Array.isArray(v)) return listOf(v, depth + 1, budget);
  const parts: string[] = [];
  let length = 0;
  for (const k in v) {
    if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
    if (length > MAX_TEXT || budget.nodes <= 0) {
      parts.push('…');
      break;
    }
    const r = walk((v as Record<string, unknown>)[k], depth + 1, budget);
    const part = r ? `${words(k)}: ${r}` : words(k);
    parts.push(part);
    length += part.length + 2;
  }
  return clip(parts.join('; '));
}

/** `too_long` → "too long", `404_page` → "404 page": a key people can read. */
function words(key: string): string {
  return sanitize(key.slice(0, MAX_TEXT)).replace(/[_-]+/g, ' ').trim();
}

/** The label of a check: the domain's, else its name in words with a capital. */
export function checkLabel(name: string): string {
  const known = CHECKS.find((c) => c.name === name);
  if (known) return known.label;
  const w = words(name);
  return w ? w[0].toUpperCase() + w.slice(1) : '(unnamed check)';
}

const quoted = (v: unknown) => (typeof v === 'string' && v.trim() ? `"${clip(sanitize(v.trim()))}"` : null);
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? clip(sanitize(v.trim())) : null);
const characters: Measure = {
  of: (v: unknown) => (typeof v === 'string' ? [...v].length : null),
  unit: (n: number) => plural(n, 'character'),
  bareLimit: true,
};
const seconds = { of: asNumber, unit: (n: number) => `${groupDigits(n)} s` };
const bytes = {
  of: asNumber,
  unit: (n: number) =>
    n >= 1_000_000 ? `${groupDigits(Math.round(n / 100_000) / 10)} MB` : n >= 1000 ? `${groupDigits(Math.round(n / 1000))} KB` : plural(n, 'byte'),
};
const count = (one: string, many?: string): Measure => ({ of: countOf, unit: (n: number) => plural(n, one, many), bareLimit: true });
const percent = { of: asNumber, unit: (n: number) => `${groupDigits(n)} %` };
/** What a limit compares: the row's measure, else its figure. */
const measureOf = (w: CheckWords | undefined): Measure | undefined => w?.measure ?? w?.figure;
/** The figure of a check's value with its unit (`1.86 s`), or null when the row has none or the value holds none. */
function figureOf(w: CheckWords | undefined, value: unknown): string | null {
  const n = w?.figure ? w.figure.of(value) : null;
  return n === null ? null : w!.figure!.unit(n);
}
/** Words that leave the figure out get it after them: `too slow (1.86 s)`. */
const withFigure = (said: string, figure: string | null) => (figure && !said.includes(figure) ? `${said} (${figure})` : said);

/** A number, or the total length of the lists an object groups (`{JavaScripts: [..], CSS: [..]}`). */
function countOf(v: unknown): number | null {
  const n = asNumber(v);
  if (n !== null) return n;
  if (Array.isArray(v)) return v.length;
  if (isObject(v) && Object.values(v).every(Array.isArray)) return Object.values(v).reduce((s: number, l) => s + (l as unknown[]).length, 0);
  return null;
}

/** `{Internals: [..], Externals: [..]}` → "3 internals, 1 externals". */
function groupCounts(v: unknown): string | null {
  if (!isObject(v) || !Object.values(v).every(Array.isArray)) return null;
  return (
    Object.entries(v)
      .map(([k, l]) => `${(l as unknown[]).length} ${words(k).toLowerCase()}`)
      .join(', ') || null
  );
}

/** A `missing` error that names what is missing (a list) says it; a bare one says `fault`. */
const missingList =
  (say: (items: unknown[]) => string): Sentence =>
  (detail) =>
    Array.isArray(detail) && detail.length ? say(detail) : '';

export const CHECK_WORDS: Readonly<Record<CheckName, CheckWords>> = {
  title: { fault: 'missing', measure: characters, brief: quoted },
  meta_description: { fault: 'missing', measure: characters, brief: quoted },
  headings: {
    fault: 'missing headings',
    brief: (v) => {
      if (!isObject(v)) return null;
      const h1 = Array.isArray(v.h1) && v.h1.length ? `h1 ${quoted(v.h1[0]) ?? readable(v.h1[0])}` : null;
      const rest = Object.entries(v)
        .filter(([k, l]) => k !== 'h1' && Array.isArray(l) && l.length)
        .map(([k, l]) => `${(l as unknown[]).length} ${sanitize(k)}`);
      return [h1, ...rest].filter(Boolean).join(', ') || null;
    },
    errors: { missing: missingList((l) => `missing ${listOf(l)}`) },
  },
  content_keywords: {
    fault: 'the title keywords are not in the content',
    brief: (v) => (Array.isArray(v) && v.length ? listOf(v) : null),
    errors: { missing: missingList((l) => `not in the content: ${listOf(l)}`) },
  },
  image_keywords: {
    fault: 'images without alt text',
    errors: { missing: missingList((l) => `${plural(l.length, 'image')} without alt: ${listOf(l)}`) },
  },
  seo_friendly_url: { fault: 'the URL is not SEO friendly (capitals, underscores, a query or a script name)' },
  '404_page': { fault: 'no custom 404 page' },
  robots: { fault: 'robots.txt keeps search engines out' },
  noindex: { fault: 'the page asks search engines not to index it' },
  in_page_links: { fault: 'too many links on the page', figure: count('link'), brief: groupCounts },
  language: { fault: 'no language declared', brief: text },
  favicon: { fault: 'no favicon' },
  text_compression: { fault: 'text is not compressed (gzip, brotli)' },
  load_time: { fault: 'too slow', figure: seconds },
  page_size: { fault: 'too large', figure: bytes },
  http_requests: { fault: 'too many requests', figure: count('request') },
  image_format: { fault: 'images not in a modern format (AVIF, WebP)', errors: { missing: missingList((l) => `not in a modern format: ${listOf(l)}`) } },
  defer_javascript: { fault: 'scripts are not deferred', errors: { missing: missingList((l) => `not deferred: ${listOf(l)}`) } },
  dom_size: { fault: 'too many DOM nodes', figure: count('node') },
  https_encryption: { fault: 'not served over HTTPS' },
  plaintext_email: { fault: 'e-mail addresses in plain text', errors: { missing: missingList((l) => `e-mail addresses in plain text: ${listOf(l)}`) } },
  structured_data: { fault: 'no structured data', brief: (v) => (isObject(v) && Object.keys(v).length ? listOf(Object.keys(v)) : null) },
  meta_viewport: { fault: 'no meta viewport' },
  charset: { fault: 'no charset declared', brief: text },
  sitemap: { fault: 'no sitemap' },
  social: { fault: 'no social network links' },
  content_length: { fault: 'too little text', figure: count('word') },
  text_html_ratio: { fault: 'too little text for its HTML', figure: percent },
  inline_css: { fault: 'inline CSS found', errors: { missing: missingList((l) => `inline CSS: ${listOf(l)}`) } },
  deprecated_html_tags: { fault: 'deprecated HTML tags found', errors: { missing: missingList((l) => `deprecated tags: ${listOf(l)}`) } },
};

/** Error keys that compare an amount with a limit (`{max: 60}` or `{min: 500}`). */
const LIMIT_KEY = /^(too|over|under|exceeds|below)_/;
/** Error keys that mean no more than "this check failed". */
const PLAIN_KEYS = new Set(['missing', 'failed', 'bad_format', 'invalid', 'not_found']);

function limitSentence(key: string, detail: unknown, value: unknown, w: CheckWords | undefined): string {
  const measure = measureOf(w);
  const unit = measure?.unit ?? ((n: number) => groupDigits(n));
  const limitUnit = measure && !measure.bareLimit ? measure.unit : (n: number) => groupDigits(n);
  const amount = measure ? measure.of(value) : countOf(value);
  const limits = isObject(detail)
    ? Object.entries(detail)
        .slice(0, MAX_ITEMS * 2)
        .map(([k, v]) => {
          const n = asNumber(v);
          if (n !== null) return `${words(k)} ${limitUnit(n)}`;
          const r = readable(v);
          return r ? `${words(k)} ${r}` : '';
        })
        .filter(Boolean)
    : [readable(detail)].filter(Boolean);
  return `${words(key)}${amount !== null ? `: ${unit(amount)}` : ''}${limits.length ? ` (${limits.join(', ')})` : ''}`;
}

function errorSentence(key: string, detail: unknown, value: unknown, w: CheckWords | undefined): string {
  const own = w?.errors?.[key]?.(detail, value);
  if (own) return own;
  if (LIMIT_KEY.test(key)) return limitSentence(key, detail, value, w);
  if (PLAIN_KEYS.has(key)) {
    // `missing: "https"` names nothing the fault does not say; a list or object is shown.
    const more = typeof detail === 'object' && detail !== null ? readable(detail) : '';
    const fault = w?.fault ?? words(key);
    return more ? `${fault}: ${more}` : fault;
  }
  const more = readable(detail);
  return more ? `${words(key)}: ${more}` : words(key);
}

function wordsOf(name: string): CheckWords | undefined {
  return Object.prototype.hasOwnProperty.call(CHECK_WORDS, name) ? CHECK_WORDS[name as CheckName] : undefined;
}

/**
 * A failed check: why, one sentence per error (`too long: 78 characters (max 60)`, `missing h1`),
 * with the host's figure where its row has one (`too slow (1.86 s)`).
 * A passed check: its value in brief where that helps (the title, the language, the load time), else ''.
 */
export function checkReason(check: CheckFacts): string {
  const w = wordsOf(check.name);
  if (check.passed) {
    if (w) return (w.brief ? w.brief(check.value) : figureOf(w, check.value)) ?? '';
    return readable(check.value);
  }
  const figure = figureOf(w, check.value);
  const errors = isObject(check.errors) ? Object.entries(check.errors) : [];
  if (!errors.length) {
    const said = readable(check.value);
    return w ? withFigure(w.fault, figure) : said ? `failed: ${said}` : 'failed';
  }
  const sentences = errors.slice(0, MAX_ERRORS).map(([k, d]) => errorSentence(k, d, check.value, w));
  const more = errors.length > MAX_ERRORS ? [`${groupDigits(errors.length - MAX_ERRORS)} more`] : [];
  return withFigure([...new Set(sentences)].join('; '), figure) + more.map((m) => `; ${m}`).join('');
}

/** One error key of a check over several pages: its detail and value on each (same order). */
export interface KeyFacts {
  key: string;
  details: readonly unknown[];
  values: readonly unknown[];
}

/** `1.5–2.4 s`, `61–100 characters`, `412 KB–2.4 MB`: the unit said once where both ends share it. */
function rangeOf(lo: number, hi: number, unit: (n: number) => string): string {
  if (lo === hi) return unit(lo);
  const a = unit(lo);
  const b = unit(hi);
  const tail = (s: string) => s.slice(s.indexOf(' '));
  return a.includes(' ') && tail(a) === tail(b) ? `${a.slice(0, a.indexOf(' '))}–${b}` : `${a}–${b}`;
}

/** The lowest and highest of what `measure` reads in `values`, or null when none holds it. */
function spanOf(measure: Measure, values: readonly unknown[]): { lo: number; hi: number } | null {
  const amounts = values.map((v) => measure.of(v)).filter((n): n is number => n !== null);
  if (!amounts.length) return null;
  return { lo: amounts.reduce((a, b) => Math.min(a, b)), hi: amounts.reduce((a, b) => Math.max(a, b)) };
}

/**
 * What one error key of a check says over several failing pages, in words from the same table as
 * checkReason: a limit over the range the pages show (`too long: 61–100 characters (max 60)`),
 * else the sentence the pages share (`missing`), else the check's fault; with the range of the
 * host's figures where the row has one (`too slow (1.5–2.4 s)`).
 */
export function keySummary(name: string, facts: KeyFacts): string {
  const w = wordsOf(name);
  const figures = w?.figure ? spanOf(w.figure, facts.values) : null;
  const said = summaryWords(w, facts);
  return withFigure(said, figures && w?.figure ? rangeOf(figures.lo, figures.hi, w.figure.unit) : null);
}

function summaryWords(w: CheckWords | undefined, facts: KeyFacts): string {
  const { key, details, values } = facts;
  // '' stands for a failure the host sent no error key for.
  if (key === '' || !details.length) return w?.fault ?? (words(key) || 'failed');
  if (LIMIT_KEY.test(key) && !w?.errors?.[key]) {
    const measure = measureOf(w) ?? { of: countOf, unit: (n: number) => groupDigits(n) };
    const span = spanOf(measure, values);
    if (span) {
      // The limit of the first page: a host applies one limit per check.
      const limit = limitSentence(key, details[0], null, w).slice(words(key).length);
      return `${words(key)}: ${rangeOf(span.lo, span.hi, measure.unit)}${limit}`;
    }
  }
  const sentences = new Set(details.slice(0, MAX_NODES).map((d, i) => errorSentence(key, d, values[i], w)));
  if (sentences.size === 1) return [...sentences][0];
  return w?.fault ?? words(key);
}
