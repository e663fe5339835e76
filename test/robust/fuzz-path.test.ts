// A seeded fuzz test of everything a server's answer goes through: the answer's text read at the
// door (depth, exact ids) → normalise → detail layout → list row → csv cell → copy text.
// Answers are generated (deep and wide JSON, long strings, every
// control, bidi and invisible character, wrong types); each must come out within a work budget
// (property reads counted, linear in the answer) and with no control character in what leaves.
// FUZZ_RUNS=2000 npx vitest run test/robust/fuzz-path.test.ts runs it longer by hand.
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { parseAnswer } from '../../src/api/jsonAnswer';
import { normaliseReport, normaliseWebsite } from '../../src/api/normalise';
import { parseGate, judgeGate } from '../../src/commands/audit/gate';
import { auditHtml } from '../../src/commands/audit/html';
import { auditJunit } from '../../src/commands/audit/junit';
import { exportWriter } from '../../src/commands/format/export';
import { buildAudit, CHECKS, idProblem, resourceDef, type Parsed, type Report } from '../../src/domain';
import type { AnyRecord, TabName } from '../../src/state/types';
import { recordName } from '../../src/state/selectors';
import { copyToClipboard } from '../../src/ui/outside/clipboard';
import { cellText, fitColumns } from '../../src/ui/words/columns';
import { detailLines, layoutDetail } from '../../src/ui/words/detailLines';
import { fit } from '../../src/ui/words/text';
import { webLink } from '../../src/text/url';
import { xmlProblem } from '../helpers/xml';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = 31;

/** What must never leave sitedeck toward a terminal or a clipboard (tab and newline included: every output here is one line). */
const LEAVING =
  /[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200b\u200e\u200f\u061c\u2060\ufeff\u2028\u2029\u115f\u3164\u2800\u{E0000}-\u{E007F}]|\u034f|\u180b/u;
/** What must not be copied either: no invisible character at all, but a joiner inside an emoji and a selector after a character. */
const COPIED_INVISIBLE =
  /[\p{Default_Ignorable_Code_Point}\u2028\u2029\u2800](?<!\p{Extended_Pictographic}\u200d|[^\p{Default_Ignorable_Code_Point}\s]\ufe0f)/u;
/** TAG characters spelling `rm -rf ~`, hidden in a link. */
const HIDDEN_TAGS = [...'rm -rf ~'].map((c) => String.fromCodePoint(0xe0000 + c.codePointAt(0)!)).join('');

const C0 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i));
const C1 = Array.from({ length: 33 }, (_, i) => String.fromCharCode(0x7f + i));
const BIDI_AND_INVISIBLE = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u00ad',
  // Default-ignorable ones with no control meaning, the separators, and TAG characters.
  '\u2028',
  '\u2029',
  '\u034f',
  '\u115f',
  '\u3164',
  '\ufe0f',
  '\u180b',
  '\u2800',
  '\u{E0001}',
  '\u{E0072}',
  HIDDEN_TAGS,
];
const SEQUENCES = [
  '\x1b[2J',
  '\x1b]0;title\x07',
  '\x1b]52;c;ZXZpbA==\x07',
  '\x1b]8;;https://x.test\x1b\\',
  '\x1b[201~',
  '\x9b31m',
  '\x9d0;t\x9c',
  '\x1bP',
  '\x1b',
];

/** Links a hostile server sends as a domain or URL: none may reach a browser or the clipboard as a link. */
const NON_WEB = [
  'file:///etc/passwd',
  'javascript://%0aalert(1)',
  'smb://attacker.example/share',
  'ssh://-oProxyCommand=touch%20x',
  'vscode://file/etc/passwd',
  'https://-oProxyCommand=x/',
  'data:text/html,<script>',
];

const piece = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  { weight: 3, arbitrary: fc.constantFrom(...C0, ...C1, ...BIDI_AND_INVISIBLE, ...SEQUENCES) },
  { weight: 1, arbitrary: fc.constantFrom('日本語', '🚀', '👨\u200d👩\u200d👧', 'e\u0301', 'https://a.example/p?q=1') },
  { weight: 1, arbitrary: fc.constantFrom(...NON_WEB) },
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
  .map(([n, s]) =>
    briefly(
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`${s.slice(0, 20)}${i}`, i % 2 ? s.slice(0, 50) : [i]])),
      `wide(${n}, ${JSON.stringify(s.slice(0, 40))})`,
    ),
  );
const anyValue = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: wide },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308, 1.5, '', [], {}) },
);
const check = fc.record(
  {
    passed: fc.oneof(fc.boolean(), anyValue),
    importance: fc.oneof(fc.constantFrom('high', 'medium', 'low'), anyValue),
    value: anyValue,
    errors: fc.oneof(fc.dictionary(hostileString, anyValue, { maxKeys: 5 }), anyValue),
  },
  { requiredKeys: [] },
);
const checkName = fc.oneof(fc.constantFrom(...CHECKS.map((c) => c.name)), hostileString);
const extras = fc.dictionary(
  hostileString.map((k) => `x${k}`),
  anyValue,
  { maxKeys: 4 },
);
const id = fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 2 ** 31 }) }, { weight: 1, arbitrary: anyValue });

const website = fc
  .tuple(
    fc.record(
      { id, domain: hostileString, privacy: anyValue, email: anyValue, exclude_bots: anyValue, exclude_ips: anyValue, created_at: anyValue },
      { requiredKeys: ['id', 'domain'] },
    ),
    extras,
  )
  .map(([r, x]) => ({ ...x, ...r }));
const report = fc
  .tuple(
    fc.record(
      {
        id,
        url: hostileString,
        project: anyValue,
        result: anyValue,
        privacy: anyValue,
        results: fc.oneof(fc.dictionary(checkName, check, { maxKeys: 8 }), anyValue),
      },
      { requiredKeys: ['id', 'url'] },
    ),
    extras,
  )
  .map(([r, x]) => ({ ...x, ...r }));
/** What XML 1.0 forbids and sanitize alone let through: U+FFFE, U+FFFF, lone surrogates; and C0 controls. */
const NOT_XML = ['\ufffe', '\uffff', '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', 'a\ude80b', '\x00', '\x01', '\x0b', '\x0c', '\x1f', '\r'];
const xmlHostile = fc
  .array(fc.oneof({ weight: 3, arbitrary: piece }, { weight: 2, arbitrary: fc.constantFrom(...NOT_XML) }), { minLength: 1, maxLength: 12 })
  .map((p) => p.join(''));
/** Small values the audit's words are made of (the deep and wide ones have their own tests above). */
const xmlValue = fc.oneof(xmlHostile, fc.jsonValue({ maxDepth: 2 }), fc.dictionary(xmlHostile, xmlHostile, { maxKeys: 3 }));
const xmlCheck = fc.record(
  {
    passed: fc.oneof(fc.boolean(), xmlValue),
    importance: fc.oneof(fc.constantFrom('high', 'medium', 'low'), xmlHostile),
    value: xmlValue,
    errors: fc.dictionary(xmlHostile, xmlValue, { maxKeys: 3 }),
  },
  { requiredKeys: [] },
);
const xmlReport = fc.record(
  {
    id: fc.integer({ min: 1, max: 2 ** 31 }),
    url: xmlHostile,
    project: fc.oneof(xmlHostile, xmlValue),
    result: fc.oneof(fc.integer({ min: 0, max: 100 }), xmlValue),
    generated_at: fc.oneof(fc.constant('2024-10-13T13:09:15.000000Z'), xmlHostile),
    results: fc.dictionary(fc.oneof(checkName, xmlHostile), xmlCheck, { maxKeys: 8 }),
  },
  { requiredKeys: ['id', 'url'] },
);
const answer = fc.oneof(
  website.map((raw) => ({ tab: 'websites' as const, raw })),
  report.map((raw) => ({ tab: 'reports' as const, raw })),
);

/** Levels of a value that are counted (below them the value is passed as is: sitedeck reads 32 at most). */
const COUNTED_LEVELS = 400;

/** A copy of `v` whose every property read is counted (the work the path does on it), and its size. */
function counted(v: unknown, reads: { n: number }): { value: unknown; nodes: number } {
  let nodes = 0;
  const wrap = (x: unknown, level: number): unknown => {
    nodes++;
    if (x === null || typeof x !== 'object' || level >= COUNTED_LEVELS) return x;
    const copy: Record<string, unknown> | unknown[] = Array.isArray(x)
      ? x.map((y) => wrap(y, level + 1))
      : Object.fromEntries(Object.entries(x).map(([k, y]) => [k, wrap(y, level + 1)]));
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
  const done = copyToClipboard(
    recordName(tab, record),
    { TMUX: 'x' },
    { write: (d) => void written.push(d), loadTmuxBuffer: (t) => (loaded.push(t), 'forwarded') },
  );
  const payload = Buffer.from(/^\x1b\]52;c;([A-Za-z0-9+/=]*)\x07$/.exec(written[0])![1], 'base64').toString('utf8');
  expect(payload).toBe(loaded[0]);
  expect(payload).not.toMatch(LEAVING);
  expect(payload).not.toMatch(COPIED_INVISIBLE);
  expect(done.text).not.toMatch(LEAVING);
  expect(done.text.length).toBeLessThan(400);

  // The link o opens and y copies: a web link only, one argument, nothing an opener could misread.
  const link = webLink(recordName(tab, record));
  if (link.ok) {
    expect(link.href).toMatch(/^https?:\/\/[^-\s]/);
    // Parsed: no blank, control character or character the URL standard escapes (a quote, <, >).
    expect(link.href).not.toMatch(/[\s"<>`\x00-\x1f\x7f]/);
    const url = new URL(link.href);
    expect(url.protocol).toMatch(/^https?:$/);
    expect(url.hostname).toMatch(/^[a-z0-9_.-]+$|^\[[0-9a-f:.]+\]$/i);
  } else {
    expect(link.why).not.toMatch(LEAVING);
  }

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

  it(`${RUNS} generated audits (seed ${SEED}): every junit and html document is well-formed XML`, () => {
    const gates = [parseGate({}), parseGate({ failOn: ['low', 'new'] })];
    fc.assert(
      fc.property(
        fc.array(xmlReport, { minLength: 0, maxLength: 6 }),
        fc.constantFrom(...gates),
        fc.option(xmlHostile, { nil: undefined }),
        (raws, gate, project) => {
          const reports = raws.map((r) => normaliseReport(r)).flatMap((p) => (p.ok ? [p.value as Report] : []));
          const audit = buildAudit(reports);
          const doc = { audit, scope: project === undefined ? {} : { project } };
          for (const text of [auditJunit(doc, judgeGate(audit, gate)), auditHtml(doc)]) expect(xmlProblem(text)).toBeNull();
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);

  it('report URLs holding U+FFFE, U+FFFF, lone surrogates and C0 controls still make well-formed junit and html', () => {
    const urls = ['shop.example/\ufffe', 'shop.example/\uffff', 'shop.example/\ud800x', 'shop.example/x\udfff', 'shop.example/\x01\x0b\x1f'];
    const reports = urls.map((url, i) =>
      normaliseReport({
        id: i + 1,
        url,
        project: 'shop.example\uffff',
        result: 10,
        results: { title: { passed: false, importance: 'high', errors: { too_long: { max: 60 } }, value: 'v\ufffe' } },
      }),
    );
    const audit = buildAudit(reports.map((p) => (p.ok ? (p.value as Report) : expect.fail(p.error))));
    expect(audit.pages).toBe(urls.length);
    const doc = { audit, scope: { project: 'shop.example\ufffe' } };
    const junit = auditJunit(doc, judgeGate(audit, parseGate({ failOn: ['high'] })));
    for (const text of [junit, auditHtml(doc)]) expect(xmlProblem(text)).toBeNull();
    // Each URL is still there, its forbidden characters shown as U+FFFD.
    expect(junit).toContain('shop.example/\ufffd');
    expect(junit).toContain('shop.example/\ufffdx');
  });

  it('links that are not web links are refused in words: another scheme, a host that starts with -', () => {
    for (const name of NON_WEB) expect(webLink(name), name).toMatchObject({ ok: false });
    for (const name of NON_WEB) throughThePath('websites', { id: 7, domain: name });
  });

  it('the known hard cases: 5 000 levels, 300 000 characters, 100 000 keys', () => {
    let deepValue: unknown = 'bottom\x1b[2J';
    for (let i = 0; i < 5000; i++) deepValue = { a: deepValue };
    const long = `docs.example.com\x1b[201~\r\ntouch /tmp/x\r\n${'a'.repeat(300_000)}\u202e`;
    const many = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, [i]]));
    throughThePath('websites', { id: 1, domain: long, 'x-deep': deepValue, 'x-many': many });
    throughThePath('reports', {
      id: 2,
      url: long,
      project: deepValue,
      results: { title: { passed: false, value: deepValue, errors: many }, [long]: { passed: true, value: many } },
    });
    // Found by the fuzzer: a 284 000-character URL starting with astral characters took 109 s to cut for the list.
    throughThePath('reports', { id: 3, url: `\u{F2B96}\u{28572}${'x'.repeat(284_000)}Y`, project: 'p' });
  }, 120_000);

  it('ids as the server writes them: above 2^53 kept exact, not whole numbers marked unusable, through the door', () => {
    const bigId = fc.bigInt({ min: 2n ** 53n, max: 10n ** 30n }).map(String);
    const badId = fc.constantFrom('1e+21', '1.5', '-3', '0', '9007199254740993.0', '1E400');
    fc.assert(
      fc.property(fc.oneof(bigId, badId), answer, (literal, { tab, raw }) => {
        const named = tab === 'websites' ? 'domain' : 'url';
        const text = `{"data":{"id":${literal},"${named}":${JSON.stringify(String((raw as Record<string, unknown>)[named] ?? 'x'))}}}`;
        const read = parseAnswer(text);
        if (!read.ok) throw new Error(`refused: ${text.slice(0, 80)}`);
        const record = (read.value as { data: unknown }).data;
        throughThePath(tab, record);
        const parsed = (tab === 'websites' ? normaliseWebsite(record) : normaliseReport(record)) as Parsed<AnyRecord>;
        if (!parsed.ok) throw new Error(parsed.error);
        if (/^[1-9]\d*$/.test(literal)) {
          expect(String(parsed.value.id)).toBe(literal);
          expect(idProblem(parsed.value.id)).toBeNull();
        } else {
          expect(idProblem(parsed.value.id)).toMatch(/is not a whole number from 1, so sitedeck sends nothing for it$/);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);

  it('150 000 fields, 10 000 levels and TAG characters', () => {
    const fields = Object.fromEntries(Array.from({ length: 150_000 }, (_, i) => [`f${i}${i % 1000 ? '' : HIDDEN_TAGS}`, i % 2 ? `v${HIDDEN_TAGS}` : [i]]));
    throughThePath('websites', { ...fields, id: '9007199254740993', domain: `shop.example${HIDDEN_TAGS}` });
    throughThePath('reports', { ...fields, id: 9, url: `https://a.example/${HIDDEN_TAGS}\u2028`, project: 'p' });

    // 10 000 levels: refused at the door, before anything walks them; as a value (were the limit raised) still bounded.
    const text = `{"data":{"id":1,"domain":"d.example","x":${'['.repeat(10_000)}1${']'.repeat(10_000)}}}`;
    expect(parseAnswer(text)).toEqual({ ok: false, problem: 'deep', depth: 65 });
    let deepValue: unknown = `bottom${HIDDEN_TAGS}`;
    for (let i = 0; i < 10_000; i++) deepValue = i % 2 ? { a: deepValue } : [deepValue];
    throughThePath('websites', { id: 1, domain: 'd.example', 'x-deep': deepValue });
  }, 120_000);
});
