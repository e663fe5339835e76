// A seeded fuzz test of everything a server's answer goes through: normalise → detail layout →
// list row → csv cell → copy text. Answers are generated (deep and wide JSON, long strings, every
// control, bidi and invisible character, wrong types); each must come out within a work budget
// (property reads counted, linear in the answer) and with no control character in what leaves.
// FUZZ_RUNS=2000 npx vitest run test/robust/fuzz-path.test.ts runs it longer by hand.
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { normaliseReport, normaliseWebsite } from '../../src/api/normalise';
import { exportWriter } from '../../src/commands/format/export';
import { CHECKS, resourceDef, type Parsed } from '../../src/domain';
import type { AnyRecord, TabName } from '../../src/state/types';
import { recordName } from '../../src/state/selectors';
import { copyToClipboard } from '../../src/ui/clipboard';
import { cellText, fitColumns } from '../../src/ui/columns';
import { detailLines, layoutDetail } from '../../src/ui/detailLines';
import { fit } from '../../src/ui/text';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = 31;

/** What must never leave sitedeck toward a terminal or a clipboard (tab and newline included: every output here is one line). */
const LEAVING = /[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200b\u200e\u200f\u061c\u2060\ufeff]/;

const C0 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i));
const C1 = Array.from({ length: 33 }, (_, i) => String.fromCharCode(0x7f + i));
const BIDI_AND_INVISIBLE = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad'];
const SEQUENCES = ['\x1b[2J', '\x1b]0;title\x07', '\x1b]52;c;ZXZpbA==\x07', '\x1b]8;;https://x.test\x1b\\', '\x1b[201~', '\x9b31m', '\x9d0;t\x9c', '\x1bP', '\x1b'];

const piece = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  { weight: 3, arbitrary: fc.constantFrom(...C0, ...C1, ...BIDI_AND_INVISIBLE, ...SEQUENCES) },
  { weight: 1, arbitrary: fc.constantFrom('日本語', '🚀', '👨\u200d👩\u200d👧', 'e\u0301', 'https://a.example/p?q=1') },
);
const hostileString = fc.oneof(
  { weight: 8, arbitrary: fc.array(piece, { maxLength: 12 }).map((p) => p.join('')) },
  // Long: up to 300 000 characters with hostile bits at both ends.
  { weight: 1, arbitrary: fc.tuple(piece, fc.integer({ min: 1000, max: 300_000 }), piece).map(([a, n, b]) => `${a}${'x'.repeat(n)}${b}`) },
);
/** A big value reported by fast-check in brief (its own printer would recurse through 3 000 levels). */
const briefly = <T extends object>(value: T, label: string): T => Object.defineProperty(value, fc.toStringMethod, { value: () => label, enumerable: false });
/** `depth` levels of objects and lists, a hostile string at the bottom. */
const deep = fc.tuple(fc.integer({ min: 1, max: 3000 }), hostileString).map(([depth, leaf]) => {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = i % 3 ? { [`k${i % 7}`]: v } : [v, i];
  return briefly(v as object, `deep(${depth}, ${JSON.stringify(leaf.slice(0, 40))})`);
});
const wide = fc
  .tuple(fc.integer({ min: 1, max: 20_000 }), hostileString)
  .map(([n, s]) => briefly(Object.fromEntries(Array.from({ length: n }, (_, i) => [`${s.slice(0, 20)}${i}`, i % 2 ? s.slice(0, 50) : [i]])), `wide(${n}, ${JSON.stringify(s.slice(0, 40))})`));
const anyValue = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: wide },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308, 1.5, '', [], {}) },
);
const check = fc.record(
  { passed: fc.oneof(fc.boolean(), anyValue), importance: fc.oneof(fc.constantFrom('high', 'medium', 'low'), anyValue), value: anyValue, errors: fc.oneof(fc.dictionary(hostileString, anyValue, { maxKeys: 5 }), anyValue) },
  { requiredKeys: [] },
);
const checkName = fc.oneof(fc.constantFrom(...CHECKS.map((c) => c.name)), hostileString);
const extras = fc.dictionary(hostileString.map((k) => `x${k}`), anyValue, { maxKeys: 4 });
const id = fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 2 ** 31 }) }, { weight: 1, arbitrary: anyValue });

const website = fc.tuple(fc.record({ id, domain: hostileString, privacy: anyValue, email: anyValue, exclude_bots: anyValue, exclude_ips: anyValue, created_at: anyValue }, { requiredKeys: ['id', 'domain'] }), extras).map(([r, x]) => ({ ...x, ...r }));
const report = fc
  .tuple(fc.record({ id, url: hostileString, project: anyValue, result: anyValue, privacy: anyValue, results: fc.oneof(fc.dictionary(checkName, check, { maxKeys: 8 }), anyValue) }, { requiredKeys: ['id', 'url'] }), extras)
  .map(([r, x]) => ({ ...x, ...r }));
const answer = fc.oneof(website.map((raw) => ({ tab: 'websites' as const, raw })), report.map((raw) => ({ tab: 'reports' as const, raw })));

/** Levels of a value that are counted (below them the value is passed as is: sitedeck reads 32 at most). */
const COUNTED_LEVELS = 400;

/** A copy of `v` whose every property read is counted (the work the path does on it), and its size. */
function counted(v: unknown, reads: { n: number }): { value: unknown; nodes: number } {
  let nodes = 0;
  const wrap = (x: unknown, level: number): unknown => {
    nodes++;
    if (x === null || typeof x !== 'object' || level >= COUNTED_LEVELS) return x;
    const copy: Record<string, unknown> | unknown[] = Array.isArray(x) ? x.map((y) => wrap(y, level + 1)) : Object.fromEntries(Object.entries(x).map(([k, y]) => [k, wrap(y, level + 1)]));
    return new Proxy(copy, { get: (t, k) => (reads.n++, Reflect.get(t, k)) });
  };
  return { value: wrap(v, 0), nodes };
}

const PANE = 60;
const LIST = 120;

function throughThePath(tab: TabName, raw: unknown): void {
  const reads = { n: 0 };
  const { value, nodes } = counted(raw, reads);
  const parsed = (tab === 'websites' ? normaliseWebsite(value) : normaliseReport(value)) as Parsed<AnyRecord>;
  if (!parsed.ok) {
    expect(parsed.error).not.toMatch(LEAVING);
    return;
  }
  const record = parsed.value;

  // The detail pane: bounded rows, each within the pane, nothing raw.
  const rows = layoutDetail(detailLines(tab, record), PANE);
  expect(rows.length).toBeLessThan(3000);
  for (const r of rows) {
    const line = `${r.label ?? ''}${r.text}`;
    expect(line).not.toMatch(LEAVING);
    expect(stringWidth(line)).toBeLessThanOrEqual(PANE);
  }

  // The list row: each cell within its column.
  for (const c of fitColumns(tab, LIST)) {
    const cell = fit(cellText(c.field, record, c.width), c.width);
    expect(cell).not.toMatch(LEAVING);
    expect(stringWidth(cell)).toBe(c.width);
  }

  // The csv cells, one row: cleaned wherever they are written.
  const csv = exportWriter(resourceDef(tab), 'csv').record(record as unknown as Record<string, unknown>);
  expect(csv.endsWith('\r\n')).toBe(true);
  expect(csv.slice(0, -2)).not.toMatch(LEAVING);

  // The copy: what reaches the clipboard and what the flash says.
  const written: string[] = [];
  const loaded: string[] = [];
  const done = copyToClipboard(recordName(tab, record), { TMUX: 'x' }, { write: (d) => void written.push(d), loadTmuxBuffer: (t) => (loaded.push(t), 'forwarded') });
  const payload = Buffer.from(/^\x1b\]52;c;([A-Za-z0-9+/=]*)\x07$/.exec(written[0])![1], 'base64').toString('utf8');
  expect(payload).toBe(loaded[0]);
  expect(payload).not.toMatch(LEAVING);
  expect(done.text).not.toMatch(LEAVING);
  expect(done.text.length).toBeLessThan(400);

  // Work: every value read a bounded number of times, whatever its shape.
  expect(reads.n).toBeLessThanOrEqual(40 * nodes + 2000);
}

describe('a hostile answer through the whole path', () => {
  it(`${RUNS} generated answers (seed ${SEED}) stay bounded and inert`, () => {
    fc.assert(
      fc.property(answer, ({ tab, raw }) => throughThePath(tab, raw)),
      // No shrinking of megabyte answers: the failing one is reported as generated.
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);

  it('the known hard cases: 5 000 levels, 300 000 characters, 100 000 keys', () => {
    let deepValue: unknown = 'bottom\x1b[2J';
    for (let i = 0; i < 5000; i++) deepValue = { a: deepValue };
    const long = `docs.example.com\x1b[201~\r\ntouch /tmp/x\r\n${'a'.repeat(300_000)}\u202e`;
    const many = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, [i]]));
    throughThePath('websites', { id: 1, domain: long, 'x-deep': deepValue, 'x-many': many });
    throughThePath('reports', { id: 2, url: long, project: deepValue, results: { title: { passed: false, value: deepValue, errors: many }, [long]: { passed: true, value: many } } });
    // Found by the fuzzer: a 284 000-character URL starting with astral characters took 109 s to cut for the list.
    throughThePath('reports', { id: 3, url: `\u{F2B96}\u{28572}${'x'.repeat(284_000)}Y`, project: 'p' });
  }, 120_000);
});
