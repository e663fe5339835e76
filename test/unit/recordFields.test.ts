// Which fields a record holds is one rule (isRecordField, src/domain/records.ts): the host's answer
// (the emulator), the normaliser, `get`'s detail and the csv/tsv exports each hold exactly those
// fields of every table, and no other file spells the rule again.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normaliseReport, normaliseWebsite } from '../../src/api/normalise/records';
import { exportWriter } from '../../src/commands/format/export';
import { detailPairs } from '../../src/commands/format/records';
import { fieldsOf, isRecordField, isUpdateParameter, RESOURCES, type ResourceName } from '../../src/domain';
import { newRow, storedColumns, toWire } from '../../src/emulator/records';

const NORMALISE = { websites: normaliseWebsite, reports: normaliseReport } as const;
const INPUT = { websites: { domain: 'example.com' }, reports: { url: 'https://example.com/a' } } as const;

describe.each(Object.keys(RESOURCES) as ResourceName[])('the fields a %s record holds', (name) => {
  const def = RESOURCES[name];
  const held = def.fields.filter(isRecordField).map((f) => f.name);
  // The store gives the id; the rest of the row is the host's.
  const wire = toWire(def, { ...newRow(def, INPUT[name], new Date('2026-01-02T03:04:05Z')), id: 7 });
  const parsed = NORMALISE[name](wire);
  if (!parsed.ok) throw new Error(parsed.error);
  const record = parsed.value;

  it('the table has a field the rule leaves out (else this proves nothing)', () => {
    expect(def.fields.filter((f) => !isRecordField(f)).length).toBeGreaterThan(0);
  });

  it('the host keeps every field but an update parameter, and answers only the record fields', () => {
    const stored = storedColumns(def).flatMap((c) => ('field' in c ? [c.name] : []));
    expect(stored.sort()).toEqual(
      def.fields
        .filter((f) => f.kind !== 'id' && f.kind !== 'checks' && !isUpdateParameter(f))
        .map((f) => f.name)
        .sort(),
    );
    for (const f of def.fields.filter((f) => f.kind !== 'id' && f.kind !== 'checks' && !isUpdateParameter(f)))
      expect(f.name in wire, f.name).toBe(isRecordField(f));
  });

  it('the normalised record holds them, in the table order', () => {
    const own = Object.keys(fieldsOf(record)).filter((k) => k !== 'extra' && !k.endsWith('_class'));
    expect(own).toEqual(held);
  });

  it("get's detail and the csv export show them", () => {
    const labels = def.fields.filter(isRecordField).map((f) => f.label);
    // A report's checks follow its Checks line, two spaces in.
    // Then the fields the host only shows (a website's favourite).
    const detail = detailPairs(def, record).flatMap(([label]) => (label.startsWith('  ') ? [] : [label]));
    expect(detail.slice(0, labels.length)).toEqual(labels);
    const header = exportWriter(def, 'tsv').start().trim().split('\t');
    // A report's checks are columns of their own (the failed ones, their count).
    const names = def.fields.map((f) => f.name);
    expect(header.filter((h) => names.includes(h))).toEqual(def.fields.filter((f) => isRecordField(f) && f.kind !== 'checks').map((f) => f.name));
  });
});

describe('the rule is written once', () => {
  const SRC = join(__dirname, '..', '..', 'src');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) ? [p] : [];
    });
  it("no file but src/domain/records.ts reads a field's ops for 'update only' or skips a write-only field by hand", () => {
    const spelled =
      /ops\.length === 1|ops\[0\] === 'update'|!\w+\.ops\.includes\('create'\) && \w+\.ops\.includes\('update'\)|writeOnly\) continue|!\w+\.writeOnly &&/;
    const hits = files(SRC)
      .filter((p) => relative(SRC, p) !== join('domain', 'records.ts'))
      .flatMap((p) =>
        readFileSync(p, 'utf8')
          .split('\n')
          .flatMap((line, i) => (spelled.test(line) ? [`${relative(SRC, p)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(hits).toEqual([]);
  });
});
