// A new field of a record is one row of its field table. In a copy of the sources with one row
// added to WEBSITE_FIELDS (src/domain/websites.ts) and nothing else changed, the new field is kept
// by the normaliser from a host's answer, has its control in the form (typed, sent, checked for
// length), its line in the deck's detail and in `get`, its flag, its column in a csv export, its
// type in the record's type, and the emulator, started from the copy and spoken to over loopback
// by the copy's client, stores it, answers it, seeds it and refuses a value too long with a 422.
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyWithRow, type TableCopy } from './tableCopy';
import { renderInk } from '../helpers/ink';

const ROW = `  {
    name: 'notes', label: 'Notes', kind: 'text', ops: ['create', 'update'], maxLength: 40, help: 'What the team notes about the site',
    seed: { chance: 0.5, value: 'a seeded note', otherwise: null },
  },
`;
const KEY = 'sd_new_field_key_0000000000';

let copy: TableCopy;
type Copied = {
  domain: typeof import('../../src/domain');
  normalise: typeof import('../../src/api/normalise');
  api: typeof import('../../src/api');
  form: typeof import('../../src/state/formState');
  Form: typeof import('../../src/ui/components/Form');
  detail: typeof import('../../src/ui/words/detailLines');
  records: typeof import('../../src/commands/format/records');
  exports: typeof import('../../src/commands/format/export');
  flags: typeof import('../../src/commands/flags');
  emulator: typeof import('../../src/emulator');
};
let m: Copied;
let emu: Awaited<ReturnType<Copied['emulator']['startEmulator']>>;

beforeAll(async () => {
  copy = copyWithRow({ name: 'new-field', table: 'domain/websites.ts', end: '] as const satisfies readonly FieldDef[];', row: ROW });
  const from = <T>(path: string) => copy.load<T>(`src/${path}`);
  m = {
    domain: await from('domain/index.ts'),
    normalise: await from('api/normalise/index.ts'),
    api: await from('api/index.ts'),
    form: await from('state/formState.ts'),
    Form: await from('ui/components/Form.tsx'),
    detail: await from('ui/words/detailLines.ts'),
    records: await from('commands/format/records.ts'),
    exports: await from('commands/format/export.ts'),
    flags: await from('commands/flags.ts'),
    emulator: await from('emulator/index.ts'),
  };
  emu = await m.emulator.startEmulator({ port: 0, seoPort: 0, seed: 30, seedRandom: 3, key: KEY, rateLimit: 0 });
}, 60_000);

afterAll(async () => {
  await emu?.close();
  copy?.remove();
});

/** A website as the host answers it, with notes. */
const answer = { id: 7, domain: 'noted.example.com', privacy: 1, password: false, email: 0, exclude_bots: 1, exclude_ips: null, notes: 'call before Friday' };

describe('a new field is one row', () => {
  it('is kept by the normaliser from a host answer, as a field and not an extra', () => {
    const read = m.normalise.normaliseWebsite(answer);
    expect(read.ok).toBe(true);
    const w = read.ok ? (read.value as unknown as Record<string, unknown>) : {};
    expect(w.notes).toBe('call before Friday');
    expect(w.extra).toEqual({});
    // An unusable value stays visible under its own name, as any field's does.
    const odd = m.normalise.normaliseWebsite({ ...answer, notes: { nested: true } });
    expect(odd.ok && (odd.value as unknown as Record<string, unknown>).notes).toBeNull();
    expect(odd.ok && odd.value.extra).toEqual({ notes: { nested: true } });
  });

  it('has a control in the form: shown, typed, sent, checked for length, and filled in on edit', () => {
    const created = m.form.openForm('websites', 'create', null);
    expect(m.form.visibleFields(created).map((f) => f.name)).toContain('notes');
    const typed = m.form.typeText({ ...created, focus: 'notes', cursor: 0 }, 'new client');
    const filled = m.form.setFieldValue(typed, 'domain', 'noted.example.com');
    expect(m.form.formSubmission(filled)).toMatchObject({ kind: 'send', values: { domain: 'noted.example.com', notes: 'new client' } });
    const long = m.form.setFieldValue(filled, 'notes', 'x'.repeat(41));
    expect(m.form.formSubmission(long)).toEqual({ kind: 'invalid', errors: { notes: ['Notes must be at most 40 characters.'] } });
    const record = m.normalise.normaliseWebsite(answer);
    if (!record.ok) throw new Error(record.error);
    const edit = m.form.openForm('websites', 'update', record.value);
    expect(edit.values.notes).toBe('call before Friday');
    expect(m.form.formSubmission(m.form.setFieldValue(edit, 'notes', 'called'))).toEqual({ kind: 'send', values: { notes: 'called' } });
    const ui = renderInk(createElement(m.Form.Form, { form: edit, width: 80, height: 30 }));
    expect(ui.frame()).toMatch(/^ {3}Notes +call before Friday$/m);
    ui.unmount();
    const focused = renderInk(createElement(m.Form.Form, { form: { ...edit, focus: 'notes', cursor: 0 }, width: 80, height: 30 }));
    expect(focused.frame()).toMatch(/^ › Notes +▏call before Friday$/m);
    expect(focused.frame()).toContain('What the team notes about the site');
    focused.unmount();
  });

  it('has its line in the deck’s detail and in `get`, and its flag on create and update', () => {
    const record = m.normalise.normaliseWebsite(answer);
    if (!record.ok) throw new Error(record.error);
    expect(m.detail.detailLines('websites', record.value)).toContainEqual(expect.objectContaining({ label: 'Notes', text: 'call before Friday' }));
    expect(m.records.detailPairs(m.domain.WEBSITES, record.value as never)).toContainEqual(['Notes', 'call before Friday']);
    for (const op of ['create', 'update'] as const) {
      expect(m.flags.writeFlags(m.domain.WEBSITES, op).map((f) => f.flags)).toContain('--notes <text>');
    }
  });

  it('has its column in a csv export', () => {
    const record = m.normalise.normaliseWebsite(answer);
    if (!record.ok) throw new Error(record.error);
    const csv = m.exports.exportWriter(m.domain.WEBSITES, 'csv');
    const header = csv.start().trimEnd().split(',');
    const line = csv
      .record(record.value as never)
      .trimEnd()
      .split(',');
    expect(header).toContain('notes');
    expect(line[header.indexOf('notes')]).toBe('call before Friday');
  });

  it('is stored, answered, updated and seeded by the emulator, and a value too long is its 422', async () => {
    const client = m.api.createClient({ baseUrl: emu.baseUrl, seoBaseUrl: emu.seoBaseUrl, apiKey: KEY, retries: 0 });
    const created = (await client.websites.create({ domain: 'noted.example.com', notes: 'first words' })) as unknown as Record<string, unknown>;
    expect(created.notes).toBe('first words');
    const id = created.id as number;
    expect(emu.websites().find((r) => r.id === id)?.notes).toBe('first words');
    expect(((await client.websites.get(id)) as unknown as Record<string, unknown>).notes).toBe('first words');
    expect(((await client.websites.update(id, { notes: 'second words' })) as unknown as Record<string, unknown>).notes).toBe('second words');
    expect(((await client.websites.get(id)) as unknown as Record<string, unknown>).notes).toBe('second words');
    const refused = await client.websites.update(id, { notes: 'x'.repeat(41) }).then(
      () => undefined,
      (e: unknown) => e as { status?: number; fields?: Record<string, string[]> },
    );
    expect(refused?.status).toBe(422);
    expect(refused?.fields).toEqual({ notes: ['The notes must not be greater than 40 characters.'] });
    expect(emu.websites().find((r) => r.id === id)?.notes).toBe('second words');
    const before = emu.websites().length;
    const refusedCreate = await client.websites.create({ domain: 'long.example.com', notes: 'y'.repeat(41) }).then(
      () => undefined,
      (e: unknown) => e as { status?: number; fields?: Record<string, string[]> },
    );
    expect([refusedCreate?.status, refusedCreate?.fields]).toEqual([422, { notes: ['The notes must not be greater than 40 characters.'] }]);
    expect(emu.websites()).toHaveLength(before);
    // The demo data has it as the row's seed says: some with the note, some without.
    const seeded = emu
      .websites()
      .filter((r) => r.id !== id)
      .map((r) => r.notes);
    expect(seeded).toHaveLength(30);
    expect(new Set(seeded)).toEqual(new Set(['a seeded note', null]));
  });

  it('is in the record type, read from the row', () => {
    expect(copy.typeCheck("import type { Website } from './domain';\nexport const notes = (w: Website): string | null => w.notes;\n")).toBe('');
    // And its type is the row's kind: text, not a number.
    expect(copy.typeCheck("import type { Website } from './domain';\nexport const notes = (w: Website): number => w.notes;\n")).toContain(
      "Type 'string | null' is not assignable to type 'number'.",
    );
  }, 60_000);
});
