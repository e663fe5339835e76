// Reasons in words: every check of CHECKS, the error keys the servers send, and unknown ones.
import { describe, expect, it } from 'vitest';
import { CHECK_WORDS, CHECKS, checkLabel, checkReason, keySummary, MAX_DEPTH, readable } from '../../src/domain';
import { analyse } from '../../src/emulator/scoring';
import { isInert } from '../../src/text/sanitize';

const failed = (name: string, errors: Record<string, unknown> | undefined, value?: unknown) => checkReason({ name, passed: false, value, errors });
const passed = (name: string, value?: unknown) => checkReason({ name, passed: true, value });

describe('check reasons', () => {
  it('has words for every check of the domain table and for no other name', () => {
    expect(Object.keys(CHECK_WORDS).sort()).toEqual(CHECKS.map((c) => c.name).sort());
  });

  // What the emulator (src/emulator/scoring.ts) sends per check, and what it should read as.
  const emulator: [string, unknown, Record<string, unknown>, string][] = [
    ['title', 'x'.repeat(78), { too_long: { max: 60 } }, 'too long: 78 characters (max 60)'],
    ['meta_description', null, { missing: null }, 'missing'],
    ['headings', { h1: [] }, { missing: ['h1'] }, 'missing h1'],
    ['content_keywords', [], { missing: ['red', 'running', 'shoes', 'sale'] }, 'not in the content: red, running, shoes, …'],
    ['image_keywords', null, { missing: ['/a.jpg', '/b.jpg', '/c.jpg', '/d.jpg'] }, '4 images without alt: /a.jpg, /b.jpg, /c.jpg, …'],
    ['image_keywords', null, { missing: ['/a.jpg'] }, '1 image without alt: /a.jpg'],
    ['seo_friendly_url', null, { bad_format: null }, 'the URL is not SEO friendly (capitals, underscores, a query or a script name)'],
    ['https_encryption', false, { missing: null }, 'not served over HTTPS'],
    ['load_time', 2.3, { too_slow: { max: 1 } }, 'too slow: 2.3 s (max 1 s)'],
    ['page_size', 412_000, { too_large: { max: 330_000 } }, 'too large: 412 KB (max 330 KB)'],
    ['page_size', 2_400_000, { too_large: { max: 330_000 } }, 'too large: 2.4 MB (max 330 KB)'],
    ['http_requests', 63, { too_many: { max: 50 } }, 'too many: 63 requests (max 50)'],
    ['dom_size', 1600, { too_many: { max: 1500 } }, 'too many: 1,600 nodes (max 1,500)'],
    ['language', null, { missing: null }, 'no language declared'],
    ['charset', null, { missing: null }, 'no charset declared'],
    ['text_html_ratio', 7, { too_small: { min: 10 } }, 'too small: 7 % (min 10 %)'],
    ['content_length', 320, { too_few: { min: 500 } }, 'too few: 320 words (min 500)'],
  ];
  it.each(emulator)('%s with %j reads as a sentence', (name, value, errors, want) => {
    expect(failed(name, errors, value)).toBe(want);
  });

  it('says what each check means when the server gives only an error key (missing, failed), as real phpRank does', () => {
    for (const c of CHECKS) {
      const bare = failed(c.name, { missing: null });
      expect(bare, c.name).toBe(CHECK_WORDS[c.name].fault);
      expect(failed(c.name, { failed: null }), c.name).toBe(bare);
      expect(failed(c.name, undefined), c.name).toBe(bare);
      expect(bare.length, c.name).toBeGreaterThan(3);
    }
    // Laravel names what https lacks: nothing the sentence does not already say.
    expect(failed('https_encryption', { missing: 'https' }, 'http://a.example/')).toBe('not served over HTTPS');
  });

  it('reads every check the emulator fails, over many pages and runs, as words without raw JSON', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const a = analyse(`https://shop${i}.example.com/Docs/Some_Page-${i}.html`, i % 3);
      for (const [name, r] of Object.entries(a.results)) {
        const text = checkReason({ name, ...r });
        if (!r.passed) {
          seen.add(name);
          expect(text, name).not.toMatch(/[{}"[\]]|null|undefined|NaN/);
          expect(text.length, name).toBeGreaterThan(3);
        }
      }
    }
    expect(seen.size).toBe(CHECKS.length - 1); // https_encryption passes on every https URL
  });

  it('shows a passed check’s value briefly where it helps, and nothing where it does not', () => {
    expect(passed('title', 'Red running shoes | acme.com')).toBe('"Red running shoes | acme.com"');
    expect(passed('language', 'en')).toBe('en');
    expect(passed('load_time', 0.45)).toBe('0.45 s');
    expect(passed('page_size', 120_000)).toBe('120 KB');
    expect(passed('http_requests', { JavaScripts: ['a.js'], CSS: ['a.css', 'b.css'], Images: [] })).toBe('3 requests');
    expect(passed('headings', { h1: ['Welcome'], h2: ['A', 'B'] })).toBe('h1 "Welcome", 2 h2');
    expect(passed('in_page_links', { Internals: [{ url: 'x' }], Externals: [] })).toBe('1 internals, 0 externals');
    expect(passed('structured_data', { 'Open Graph': { 'og:title': 'A' } })).toBe('Open Graph');
    expect(passed('favicon', 'https://a.example/favicon.ico')).toBe('');
    expect(passed('noindex', null)).toBe('');
    expect(passed('title', null)).toBe('');
  });

  it('says unknown error keys in words with their detail, never dropping them', () => {
    expect(failed('title', { duplicate_found: { pages: ['/a', '/b'] } }, 'A')).toBe('duplicate found: pages: /a, /b');
    expect(failed('title', { too_short: { min: 10 } }, 'Hi')).toBe('too short: 2 characters (min 10)');
    expect(failed('title', { weird: null })).toBe('weird');
    expect(failed('title', { too_long: { max: 60 }, weird: 'x' }, 'y'.repeat(61))).toBe('too long: 61 characters (max 60); weird: x');
  });

  it('says unknown checks by their name in words, with their raw value readable', () => {
    expect(checkLabel('amp_page_link')).toBe('Amp page link');
    expect(checkLabel('title')).toBe('Title');
    expect(failed('amp_page_link', { missing: null })).toBe('missing');
    expect(failed('amp_page_link', { over_limit: { max: 3 } }, 7)).toBe('over limit: 7 (max 3)');
    expect(failed('amp_page_link', undefined, 'x')).toBe('failed: x');
    expect(failed('amp_page_link', undefined)).toBe('failed');
    expect(passed('amp_page_link', ['a', 'b'])).toBe('a, b');
    expect(passed('amp_page_link', true)).toBe('yes');
  });

  it('makes hostile server strings inert and bounds long ones', () => {
    const evil = '\x1b]52;c;ZXZpbA==\x07\x1b[2J\u202eevil';
    for (const s of [failed('x\x1b[31m_y', { ['k\x1b[2J']: evil }, evil), passed('language', evil), passed('z', { [evil]: evil }), checkLabel('\x1b[2Jname')]) {
      expect(isInert(s)).toBe(true);
    }
    expect(readable('a'.repeat(1000)).length).toBeLessThanOrEqual(160);
  });

  it('reads a deep value once per level, at most MAX_DEPTH deep, "…" below', () => {
    let reads = 0;
    // Every property read of the value is counted: the walk may look at each level once.
    const counted = (depth: number): unknown => {
      let v: unknown = 'bottom';
      for (let i = 0; i < depth; i++) v = new Proxy({ a: v }, { get: (t, k) => (reads++, Reflect.get(t, k)) });
      return v;
    };
    const at24 = readable(counted(24));
    expect(at24).toBe(`${'a: '.repeat(24)}bottom`);
    expect(reads).toBe(24);
    reads = 0;
    const deep = readable(counted(5000));
    expect(deep.endsWith('…')).toBe(true);
    expect(reads).toBe(MAX_DEPTH);
    reads = 0;
    expect(failed('title', { too_long: counted(24) }, counted(24))).toMatch(/^too long/);
    expect(reads).toBeLessThanOrEqual(24 * 4);
  });

  it('looks at a bounded number of values in a wide one, and says how many errors it left out', () => {
    let reads = 0;
    const wide = new Proxy(Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, { x: [1, 2, 3] }])), {
      get: (t, k) => (reads++, Reflect.get(t, k)),
    });
    expect(readable(wide).length).toBeLessThanOrEqual(160);
    expect(reads).toBeLessThan(50);
    const errors = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`e${i}`, null]));
    expect(failed('amp_page_link', errors)).toMatch(/; e11; 28 more$/);
  });
});

describe("the host's figure in every reason of a check whose row names one", () => {
  it('a bare error key (or none) says the fault with the figure and its unit', () => {
    expect(failed('load_time', { missing: null }, 1.86)).toBe('too slow (1.86 s)');
    expect(failed('load_time', undefined, '1.86')).toBe('too slow (1.86 s)');
    expect(failed('page_size', { failed: null }, 2_400_000)).toBe('too large (2.4 MB)');
    expect(failed('http_requests', { missing: null }, { JavaScripts: ['a.js'], CSS: ['b.css'] })).toBe('too many requests (2 requests)');
    expect(failed('in_page_links', { missing: null }, { Internals: [{ url: '/a' }], Externals: [] })).toBe('too many links on the page (1 link)');
    // An unknown key's words, then the figure; several keys say it once.
    expect(failed('dom_size', { deep_nesting: 'yes', missing: null }, 1600)).toBe('deep nesting: yes; too many DOM nodes (1,600 nodes)');
  });

  it("a limit's words already hold it, so it is not said twice; a value without a figure says the fault alone", () => {
    expect(failed('load_time', { too_slow: { max: 1 } }, 1.86)).toBe('too slow: 1.86 s (max 1 s)');
    expect(failed('in_page_links', { too_many: { max: 100 } }, { Internals: Array(150).fill({}) })).toBe('too many: 150 links (max 100)');
    expect(failed('load_time', { missing: null }, null)).toBe('too slow');
    expect(failed('load_time', { missing: null }, 'slow')).toBe('too slow');
  });

  it("the audit's summary of a check over its pages gives the figures' range", () => {
    expect(keySummary('load_time', { key: '', details: [null, null], values: [2.4, 1.5] })).toBe('too slow (1.5–2.4 s)');
    expect(keySummary('load_time', { key: 'missing', details: [null], values: [1.86] })).toBe('too slow (1.86 s)');
    expect(keySummary('page_size', { key: 'failed', details: [null, null], values: [412_000, 2_400_000] })).toBe('too large (412 KB–2.4 MB)');
    expect(keySummary('load_time', { key: 'too_slow', details: [{ max: 1 }, { max: 1 }], values: [1.5, 2.4] })).toBe('too slow: 1.5–2.4 s (max 1 s)');
    expect(keySummary('load_time', { key: '', details: [null], values: [null] })).toBe('too slow');
  });
});
