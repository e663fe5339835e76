// A report's analysis, computed from its URL alone (no network): every CHECK of the domain table
// passes or fails, deterministically for a (url, run) pair. exact = passed points ÷ total points
// × 100 with the domain's IMPORTANCE weights, as the SEO host computes it (87.5); score is that
// rounded, as its database stores it. `run` lets a re-analysis differ from the last one. A check
// carries `errors` only when it failed, as the host sends them.

import { CHECKS, IMPORTANCE, type CheckName, type Importance } from '../domain';
import { hashString, mulberry32, type Rng } from './prng';

interface CheckResult {
  passed: boolean;
  importance: Importance;
  value: unknown;
  errors?: Record<string, unknown>;
}

export interface Analysis {
  score: number;
  exact: number;
  results: Record<string, CheckResult>;
}

interface UrlShape {
  https: boolean;
  friendly: boolean;
}

interface UrlFacts extends UrlShape {
  url: string;
  host: string;
  words: string[];
}

/** What the score reads from a URL, without a full parse (seeding scores 100 000s of them). */
function shape(url: string): UrlShape {
  const m = /^([a-z][a-z0-9+.-]*):\/\/[^/?#]*(.*)$/is.exec(url);
  const path = m ? m[2] || '/' : url;
  return {
    https: m?.[1].toLowerCase() === 'https',
    // What people call an SEO friendly URL: short, lower-case, hyphens not underscores, no query.
    friendly: path.length < 80 && !/[A-Z_]|\?|\.(php|aspx?)\b/.test(path),
  };
}

function facts(url: string): UrlFacts {
  let u: URL | undefined;
  try {
    u = new URL(url);
  } catch {
    u = undefined;
  }
  return {
    ...shape(url),
    url,
    host: u?.hostname.replace(/^www\./, '') ?? url,
    words: (u?.pathname ?? '').split(/[^a-zA-Z0-9]+/).filter(Boolean),
  };
}

// Checks of low importance weigh nothing in the score, so they can fail as on a real site without
// moving any score: some are the whole site's (every page of a host shares them), the others fail
// each about as often as real audits find them. Their own draw leaves the scores' draw untouched.
const SITE_WIDE: ReadonlySet<string> = new Set<CheckName>(['favicon', 'sitemap', 'social']);
const SITE_FAILS = 0.45;
const PAGE_FAILS: Readonly<Partial<Record<string, number>>> = {
  image_format: 0.65,
  defer_javascript: 0.5,
  structured_data: 0.45,
  inline_css: 0.35,
  text_html_ratio: 0.25,
  dom_size: 0.15,
  deprecated_html_tags: 0.08,
} satisfies Partial<Record<CheckName, number>>;

/** The host of a URL as shape() reads it: lower-case, without `www.` and a port. */
const hostOf = (url: string) => (/^[a-z][a-z0-9+.-]*:\/\/(?:www\.)?([^/?#:]*)/i.exec(url)?.[1] ?? url).toLowerCase();

/**
 * Whether each check passed. The URL fixes a "quality" for its page (how likely a check passes)
 * and the run varies the draw; HTTPS and the URL's shape decide their own checks outright.
 */
function passes(url: string, run: number): boolean[] {
  const f = shape(url);
  const quality = mulberry32(hashString(url))();
  const rng = mulberry32(hashString(`${url}#${run}`));
  const low = mulberry32(hashString(`${url}#${run}#low`));
  const host = hostOf(url);
  const p = 0.2 + 0.78 * quality;
  return CHECKS.map((c) => {
    const roll = rng();
    if (c.name === 'https_encryption') return f.https;
    if (c.name === 'seo_friendly_url') return f.friendly;
    // Only where the check weighs nothing: the scores stay those of the draw above.
    if (IMPORTANCE[c.importance] !== 0) return roll < p;
    if (SITE_WIDE.has(c.name)) return mulberry32(hashString(`${host}#${c.name}`))() >= SITE_FAILS;
    const rate = PAGE_FAILS[c.name];
    if (rate !== undefined) return low() >= rate;
    return roll < p;
  });
}

const TOTAL = CHECKS.reduce((sum, c) => sum + IMPORTANCE[c.importance], 0);

function exactScoreOf(passed: boolean[]): number {
  const got = CHECKS.reduce((sum, c, i) => sum + (passed[i] ? IMPORTANCE[c.importance] : 0), 0);
  return TOTAL === 0 ? 0 : (got / TOTAL) * 100;
}

const scoreOf = (passed: boolean[]): number => Math.round(exactScoreOf(passed));

/** The score alone: cheap enough to seed 100 000 reports. */
export function scoreUrl(url: string, run: number): number {
  return scoreOf(passes(url, run));
}

// Analyses are pure, so recent ones are kept: a list page shows up to 100 reports, again and again.
const CACHE_SIZE = 4096;
const cache = new Map<string, Analysis>();

/** Score plus the full `results` breakdown, as a report record carries it. Treat as read-only. */
export function analyse(url: string, run: number): Analysis {
  const key = `${run} ${url}`;
  const hit = cache.get(key);
  if (hit) {
    // Refresh its place so the cache drops the least recently used first.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const fresh = compute(url, run);
  cache.set(key, fresh);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return fresh;
}

function compute(url: string, run: number): Analysis {
  const passed = passes(url, run);
  const f = facts(url);
  const rng = mulberry32(hashString(`${url}#${run}#values`));
  const results: Record<string, CheckResult> = {};
  CHECKS.forEach((c, i) => {
    const { value, errors } = detail(c.name, passed[i], f, rng);
    results[c.name] = passed[i] ? { passed: true, importance: c.importance, value } : { passed: false, importance: c.importance, value, errors };
  });
  const exact = exactScoreOf(passed);
  return { score: Math.round(exact), exact, results };
}

function titleCase(words: string[]): string {
  return words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
}

/** A plausible value and error set for one check. */
function detail(name: string, ok: boolean, f: UrlFacts, rng: Rng): { value: unknown; errors: Record<string, unknown> } {
  const n = (lo: number, hi: number) => Math.round(lo + rng() * (hi - lo));
  const title = f.words.length ? `${titleCase(f.words.slice(0, 5))} | ${f.host}` : f.host;
  switch (name) {
    case 'title':
      return ok ? { value: title, errors: {} } : { value: title + ' — ' + 'and more '.repeat(8).trim(), errors: { too_long: { max: 60 } } };
    case 'meta_description':
      return ok ? { value: `Everything about ${title}.`, errors: {} } : { value: null, errors: { missing: null } };
    case 'headings':
      return ok ? { value: { h1: [title], h2: [`About ${f.host}`] }, errors: {} } : { value: { h1: [] }, errors: { missing: ['h1'] } };
    case 'content_keywords':
      return ok ? { value: f.words.slice(0, 3), errors: {} } : { value: [], errors: { missing: f.words.slice(0, 3) } };
    case 'image_keywords':
      return ok ? { value: [], errors: {} } : { value: null, errors: { missing: [`/images/photo-${n(1, 40)}.jpg`] } };
    case 'seo_friendly_url':
      // The page's full URL: the host reads a report's scheme and host back from it.
      return { value: f.url, errors: ok ? {} : { bad_format: null } };
    case 'https_encryption':
      return { value: f.https, errors: ok ? {} : { missing: null } };
    case 'load_time': {
      const s = ok ? n(20, 95) / 100 : n(110, 480) / 100;
      return { value: s, errors: ok ? {} : { too_slow: { max: 1 } } };
    }
    case 'page_size': {
      const bytes = ok ? n(40_000, 320_000) : n(340_000, 2_400_000);
      return { value: bytes, errors: ok ? {} : { too_large: { max: 330_000 } } };
    }
    case 'http_requests': {
      const count = ok ? n(10, 49) : n(51, 160);
      return { value: count, errors: ok ? {} : { too_many: { max: 50 } } };
    }
    case 'dom_size': {
      const nodes = ok ? n(300, 1400) : n(1600, 6000);
      return { value: nodes, errors: ok ? {} : { too_many: { max: 1500 } } };
    }
    case 'language':
      return ok ? { value: 'en', errors: {} } : { value: null, errors: { missing: null } };
    case 'charset':
      return ok ? { value: 'utf-8', errors: {} } : { value: null, errors: { missing: null } };
    case 'text_html_ratio': {
      const pct = ok ? n(10, 60) : n(1, 9);
      return { value: pct, errors: ok ? {} : { too_small: { min: 10 } } };
    }
    case 'content_length': {
      const words = ok ? n(500, 3000) : n(20, 499);
      return { value: words, errors: ok ? {} : { too_few: { min: 500 } } };
    }
    default:
      return { value: ok, errors: ok ? {} : { failed: null } };
  }
}
