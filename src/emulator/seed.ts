// Demo data: realistic websites and reports from a seeded PRNG (same seed, same data), each field
// as its row's `seed` says (src/domain/websites.ts, reports.ts). Reports are steered to a spread
// of good, decent and bad scores so every filter has something to show.

import { classify, type FieldDef, type ResourceDef, type ResourceName, type ResultClass, type SeedMaker, type SeedRule } from '../domain';
import { laravelDate } from './dates';
import { intBetween, mulberry32, pick, type Rng } from './prng';
import { cleanUrl, projectOf } from './laravel';
import { storedColumns } from './records';
import { scoreUrl } from './scoring';
import type { Store } from './store';

const WORDS = [
  'acme',
  'blue',
  'north',
  'pixel',
  'green',
  'river',
  'stone',
  'bright',
  'cloud',
  'harbor',
  'maple',
  'summit',
  'urban',
  'swift',
  'lunar',
  'solar',
  'coral',
  'atlas',
  'cedar',
  'delta',
  'ember',
  'falcon',
  'garden',
  'hollow',
  'iron',
  'jade',
  'kettle',
  'lemon',
  'meadow',
  'nova',
  'orbit',
  'pine',
  'quartz',
  'rocket',
  'silver',
  'tide',
  'union',
  'velvet',
  'willow',
  'yonder',
  'zephyr',
  'amber',
  'birch',
  'copper',
  'dune',
  'echo',
  'fable',
  'grove',
  'hazel',
  'indigo',
];
const NOUNS = [
  'shop',
  'labs',
  'studio',
  'works',
  'media',
  'news',
  'travel',
  'foods',
  'games',
  'health',
  'design',
  'tech',
  'books',
  'press',
  'cafe',
  'bikes',
  'farm',
  'law',
  'dental',
  'fitness',
  'photo',
  'music',
  'homes',
  'pets',
  'garden',
  'tools',
  'wear',
  'craft',
  'data',
  'cloud',
  'apps',
  'events',
  'school',
  'clinic',
  'motors',
  'films',
  'hotel',
  'market',
  'supply',
  'energy',
];
const TLDS = ['.com', '.com', '.com', '.io', '.net', '.org', '.co.uk', '.dev', '.shop', '.de', '.fr', '.app'];
const SUBS = ['', '', '', '', 'blog.', 'shop.', 'docs.', 'app.', 'news.', 'help.'];
const SLUGS = [
  'getting-started',
  'pricing',
  'summer-sale',
  'how-we-work',
  'contact',
  'careers',
  'red-running-shoes',
  'best-coffee-beans',
  'release-notes',
  'faq',
];
const PATHS: readonly ((r: Rng) => string)[] = [
  () => '/',
  (r: Rng) => `/blog/${pick(r, SLUGS)}`,
  (r: Rng) => `/products/${pick(r, SLUGS)}`,
  (r: Rng) => `/${pick(r, SLUGS)}`,
  () => '/Docs/Getting_Started.html',
  (r: Rng) => `/index.php?page=${intBetween(r, 2, 9)}`,
  (r: Rng) => `/search?q=${pick(r, WORDS)}`,
  (r: Rng) => `/category/${pick(r, NOUNS)}/${pick(r, SLUGS)}`,
];

function domainMaker(rng: Rng): () => string {
  const seen = new Set<string>();
  return () => {
    for (let tries = 0; ; tries++) {
      const base = `${pick(rng, SUBS)}${pick(rng, WORDS)}${pick(rng, NOUNS)}`;
      const d = (tries > 8 ? `${base}${intBetween(rng, 2, 999_999)}` : base) + pick(rng, TLDS);
      if (!seen.has(d)) {
        seen.add(d);
        return d;
      }
    }
  };
}

/** Evenly spread over the two years before `now`, oldest first, with a little jitter. */
function timeline(rng: Rng, n: number, now: Date): (i: number) => Date {
  const span = 2 * 365 * 24 * 3600 * 1000;
  const step = n > 0 ? span / n : 0;
  return (i) => new Date(now.getTime() - span + Math.floor(i * step + rng() * step * 0.9));
}

const TARGETS: readonly ResultClass[] = ['good', 'decent', 'bad', 'decent', 'good', 'bad', 'good'];

/** One seeding of a resource: its generator and what its makers keep from record to record. */
interface SeedRun {
  readonly rng: Rng;
  readonly when: (i: number) => Date;
  i: number;
  nextDomain?: () => string;
  projects?: readonly string[];
}

const domainOf = (run: SeedRun) => (run.nextDomain ??= domainMaker(run.rng))();

/**
 * A report's page, steered to a spread of good, decent and bad scores, about a dozen reports per
 * project so the project filter has something to group; stored as the SEO host stores it (without
 * scheme and www.), the page itself in `_url`.
 */
function reportPage(run: SeedRun, n: number): Record<string, unknown> {
  const { rng } = run;
  run.projects ??= Array.from({ length: Math.max(3, Math.ceil(n / 12)) }, () => domainOf(run));
  const target = TARGETS[run.i % TARGETS.length];
  const project = pick(rng, run.projects);
  let url = '';
  let score = 0;
  for (let tries = 0; tries < 60; tries++) {
    const scheme = rng() < 0.85 ? 'https://' : 'http://';
    // Only bare domains get a www. (www.blog.example.com is rare in the wild).
    const www = project.split('.').length === 2 && rng() < 0.3 ? 'www.' : '';
    url = `${scheme}${www}${project}${pick(rng, PATHS)(rng)}`;
    score = scoreUrl(url, 0);
    if (classify(score) === target) break;
  }
  return { url: cleanUrl(url), _url: url, project: projectOf(url), result: score, _run: 0 };
}

/** The emulator's makers a row's seed may name: the columns each gives. */
const MAKERS: Record<SeedMaker, (run: SeedRun, f: FieldDef, n: number) => Record<string, unknown>> = {
  domain: (run, f) => ({ [f.name]: domainOf(run) }),
  ipLines: (run, f) => ({ [f.name]: `10.0.0.${intBetween(run.rng, 1, 254)}\n192.168.1.${intBetween(run.rng, 1, 254)}` }),
  password: (run, f) => ({ [f.name]: `pw-${intBetween(run.rng, 1000, 9999)}` }),
  timeline: (run, f) => ({ [f.name]: run.when(run.i) }),
  reportPage: (run, _f, n) => reportPage(run, n),
};

/** The columns one field's seed rule gives, drawn from the run's generator. */
function seedField(run: SeedRun, f: FieldDef, seed: SeedRule, record: Record<string, unknown>, n: number): Record<string, unknown> {
  const { rng } = run;
  // A field only meaningful while another holds a value (a password, privacy Password) is null otherwise.
  if (f.onlyWhen && record[f.onlyWhen.field] !== f.onlyWhen.equals) return { [f.name]: null };
  if ('pick' in seed) {
    const keep = seed.keepDefault !== undefined && rng() < seed.keepDefault;
    return { [f.name]: keep ? Number(f.createDefault) : pick(rng, f.choices ?? []).value };
  }
  if ('value' in seed) return { [f.name]: rng() < seed.chance ? seed.value : seed.otherwise };
  if ('make' in seed) return seed.chance === undefined || rng() < seed.chance ? MAKERS[seed.make](run, f, n) : { [f.name]: null };
  if ('same' in seed) return { [f.name]: record[seed.same] };
  if ('after' in seed) {
    const from = record[seed.after] as Date;
    return { [f.name]: new Date(from.getTime() + intBetween(rng, seed.seconds[0], seed.seconds[1]) * 1000) };
  }
  return {}; // `by`: another field's maker gives it
}

/** The rows' seeds in the order their draws are made (`draw` first, then the table's order). */
function drawOrder(def: ResourceDef): { f: FieldDef; seed: SeedRule }[] {
  const seeded = def.fields.flatMap((f, i) => (f.seed ? [{ f, seed: f.seed, i }] : []));
  return seeded.sort((a, b) => (a.seed.draw ?? Infinity) - (b.seed.draw ?? Infinity) || a.i - b.i);
}

/** Each resource's generator differs, so websites and reports of one seed do not share draws. */
const SALT: Record<ResourceName, number> = { websites: 0, reports: 0x5eed };

/** `n` records of `def` made up from `seed` as its rows' `seed` say, stored as the host stores them. */
export function seedRecords(store: Store, def: ResourceDef, n: number, seed: number, now: Date): void {
  const rng = mulberry32(seed ^ SALT[def.name]);
  const run: SeedRun = { rng, when: timeline(rng, n, now), i: 0 };
  const order = drawOrder(def);
  const rows: Record<string, unknown>[] = [];
  for (; run.i < n; run.i++) {
    const record: Record<string, unknown> = {};
    for (const { f, seed: rule } of order) Object.assign(record, seedField(run, f, rule, record, n));
    const row: Record<string, unknown> = {};
    for (const c of storedColumns(def)) {
      const v = record[c.name];
      row[c.name] = v instanceof Date ? laravelDate(v) : v !== undefined ? v : 'shown' in c && c.shown.kind === 'flag' ? false : null;
    }
    for (const [key, value] of Object.entries(record)) if (key.startsWith('_')) row[key] = value;
    rows.push(row);
  }
  store[def.name].insertMany(rows);
}
