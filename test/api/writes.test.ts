// The writes the deck and the commands share (src/api/writes.ts), through the real client and the
// emulator: a delete the host answers 404 is done ('gone'), any other failure still fails, and a
// re-run sends the domain's one re-run update.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRecord, isGone, rerunReport } from '../../src/api/writes';
import { REPORTS, RERUN_VALUES, WEBSITES, rerunValues } from '../../src/domain';
import type { Emulator } from '../../src/emulator';
import { apiError, clientFor, hitsOf, startTestEmulator } from './helpers';

let emu: Emulator;
let client: ReturnType<typeof clientFor>['client'];

beforeAll(async () => {
  emu = await startTestEmulator(40);
  client = clientFor(emu).client;
});
afterAll(() => emu?.close());

describe('deleteRecord', () => {
  it('deletes a record, and counts a second delete of it (404) as done: gone', async () => {
    const id = emu.websites()[0].id as number;
    expect(await deleteRecord(client.websites, id)).toBe('deleted');
    expect(await deleteRecord(client.websites, id)).toBe('gone');
    expect(hitsOf(emu, 'DELETE', `${WEBSITES.apiPath}/${id}`).map((h) => h.status)).toEqual([200, 404]);
  });

  it('still fails on anything but a 404 (a refused key, a server error)', async () => {
    const id = emu.reports()[0].id as number;
    emu.addFault({ method: 'DELETE', fault: { type: 'status', status: 401, body: { message: 'Unauthenticated.' } } });
    expect((await apiError(deleteRecord(client.reports, id))).kind).toBe('auth');
    expect(emu.reports().some((r) => r.id === id)).toBe(true);
  });

  it('isGone is true for a 404 only', async () => {
    expect(isGone(await apiError(client.reports.get(999_999)))).toBe(true);
    expect(isGone(new Error('x'))).toBe(false);
    expect(isGone(null)).toBe(false);
  });
});

describe('the re-run update', () => {
  it('is the reports table’s Re-run analysis set to Yes; websites have none', () => {
    expect(RERUN_VALUES).toEqual({ results: 1 });
    expect(rerunValues(REPORTS)).toEqual({ results: 1 });
    expect(rerunValues(WEBSITES)).toBeUndefined();
  });

  it('rerunReport sends it and answers the report', async () => {
    const id = emu.reports()[1].id as number;
    const r = await rerunReport(client.reports, id);
    expect(r.id).toBe(id);
    const put = hitsOf(emu, 'PUT', `${REPORTS.apiPath}/${id}`);
    expect(put.map((h) => h.body)).toEqual([{ results: '1' }]);
  });
});
