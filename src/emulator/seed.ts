// Demo data: realistic websites and reports from a seeded PRNG (same seed, same data). Reports
// are steered to a spread of good, decent and bad scores so every filter has something to show.

import { PRIVACY, PRIVACY_PASSWORD, REPORTS, TOGGLE, WEBSITES, classify, createDefaults, type ResultClass } from '../domain';
import { laravelDate } from './dates';
import { intBetween, mulberry32, pick, type Rng } from './prng';
import { cleanUrl, projectOf } from './laravel';
import { scoreUrl } from './scoring';
import type { Store } from './store';

const WORDS = [
  'acme', 'blue', 'north', 'pixel', 'green', 'river', 'stone', 'bright', 'cloud', 'harbor', 'maple', 'summit',
  'urban', 'swift', 'lunar', 'solar', 'coral', 'atlas', 'cedar', 'delta', 'ember', 'falcon', 'garden', 'hollow',
  'iron', 'jade', 'kettle', 'lemon', 'meadow', 'nova', 'orbit', 'pine', 'quartz', 'rocket', 'silver', 'tide',
  'union', 'velvet', 'willow', 'yonder', 'zephyr', 'amber', 'birch', 'copper', 'dune', 'echo', 'fable', 'grove',
  'hazel', 'indigo',
];
const NOUNS = [
  'shop', 'labs', 'studio', 'works', 'media', 'news', 'travel', 'foods', 'games', 'health', 'design', 'tech',
  'books', 'press', 'cafe', 'bikes', 'farm', 'law', 'dental', 'fitness', 'photo', 'music', 'homes', 'pets',
  'garden', 'tools', 'wear', 'craft', 'data', 'cloud', 'apps', 'events', 'school', 'clinic', 'motors', 'films',
  'hotel', 'market', 'supply', 'energy',
];
const TLDS = ['.com', '.com', '.com', '.io', '.net', '.org', '.co.uk', '.dev', '.shop', '.de', '.fr', '.app'];
const SUBS = ['', '', '', '', 'blog.', 'shop.', 'docs.', 'app.', 'news.', 'help.'];
const SLUGS = ['getting-started', 'pricing', 'summer-sale', 'how-we-work', 'contact', 'careers', 'red-running-shoes', 'best-coffee-beans', 'release-notes', 'faq'];
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

export function seedWebsites(store: Store, n: number, seed: number, now: Date): void {
  const rng = mulberry32(seed);
  const nextDomain = domainMaker(rng);
  const when = timeline(rng, n, now);
  const defaults = createDefaults(WEBSITES);
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const privacy = rng() < 0.5 ? Number(defaults.privacy) : pick(rng, PRIVACY).value;
    const at = laravelDate(when(i));
    rows.push({
      domain: nextDomain(),
      privacy,
      email: pick(rng, TOGGLE).value,
      password: privacy === PRIVACY_PASSWORD ? `pw-${intBetween(rng, 1000, 9999)}` : null,
      exclude_bots: rng() < 0.8 ? 1 : 0,
      exclude_params: rng() < 0.3 ? 'utm_source\nutm_medium\nutm_campaign' : null,
      exclude_ips: rng() < 0.25 ? `10.0.0.${intBetween(rng, 1, 254)}\n192.168.1.${intBetween(rng, 1, 254)}` : null,
      favorite: false,
      favorited_at: null,
      created_at: at,
      updated_at: at,
    });
  }
  store.websites.insertMany(rows);
}

const TARGETS: readonly ResultClass[] = ['good', 'decent', 'bad', 'decent', 'good', 'bad', 'good'];

export function seedReports(store: Store, n: number, seed: number, now: Date): void {
  const rng = mulberry32(seed ^ 0x5eed);
  const nextDomain = domainMaker(rng);
  // About a dozen reports per project, so the project filter has something to group.
  const projects = Array.from({ length: Math.max(3, Math.ceil(n / 12)) }, () => nextDomain());
  const when = timeline(rng, n, now);
  const defaults = createDefaults(REPORTS);
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const target = TARGETS[i % TARGETS.length];
    const project = pick(rng, projects);
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
    const created = when(i);
    const generated = laravelDate(new Date(created.getTime() + intBetween(rng, 5, 90) * 1000));
    const privacy = rng() < 0.6 ? Number(defaults.privacy) : pick(rng, PRIVACY).value;
    rows.push({
      // Stored as the SEO host stores it: without scheme and www.; the page itself in _url.
      url: cleanUrl(url),
      _url: url,
      project: projectOf(url),
      result: score,
      privacy,
      password: privacy === PRIVACY_PASSWORD ? `pw-${intBetween(rng, 1000, 9999)}` : null,
      generated_at: generated,
      created_at: laravelDate(created),
      updated_at: generated,
      _run: 0,
    });
  }
  store.reports.insertMany(rows);
}

