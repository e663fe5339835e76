// The pacer and readAll on the emulator over loopback, with a small window (10 requests a second):
// everything is read, each record once, with no failed request and at most the one 429 that
// teaches the pacer the window's length.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { sharedPaceIn } from '../helpers/stateDb';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, readAll, type PaceStatus } from '../../src/api';
import { startEmulator, type Emulator } from '../../src/emulator';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitedeck-pace-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const clientOf = (emu: Emulator) => createClient({ baseUrl: emu.baseUrl, seoBaseUrl: emu.seoBaseUrl, apiKey: emu.apiKey, pace: sharedPaceIn(dir) });

async function collect(emu: Emulator, perPage: number, onPage?: (page: number) => Promise<void>) {
  const client = clientOf(emu);
  const ids: number[] = [];
  const pages: number[] = [];
  const gen = readAll(client.websites, { per_page: perPage }, { onPage: (p) => void pages.push(p.page) });
  for await (const batch of gen) {
    ids.push(...batch.map((r) => Number(r.id)));
    await onPage?.(pages[pages.length - 1]);
  }
  return { ids, pages, client };
}

describe('paced reading on the emulator', () => {
  it('reads 42 pages at 10 requests a second: every record once, no failure, at most one 429', async () => {
    const emu = await startEmulator({ seed: 420, seedReports: 0, rateLimit: 10, rateWindow: 1 });
    try {
      const waits: PaceStatus[] = [];
      const client = clientOf(emu);
      const off = client.pacer('analytics').subscribe((s) => s.waitingUntil && waits.push(s));
      const ids: number[] = [];
      for await (const batch of readAll(client.websites, { per_page: 10 })) ids.push(...batch.map((r) => Number(r.id)));
      off();
      const all = emu
        .websites()
        .map((w) => w.id as number)
        .sort((a, b) => a - b);
      expect(ids).toEqual(all);
      expect(ids).toHaveLength(420);
      const statuses = emu.hits.map((h) => h.status);
      expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
      expect(statuses.filter((s) => s === 429).length).toBeLessThanOrEqual(1);
      // 42 pages, plus the one request the 429 refused, if any.
      expect(statuses.filter((s) => s === 200)).toHaveLength(42);
      // 42 requests cannot fit in one window of 10: it waited for the budget, unless the host's
      // windows ended on their own while it read (a run that fits what is left goes at full speed).
      const span = emu.hits[emu.hits.length - 1].at - emu.hits[0].at;
      expect(waits.some((w) => w.reason === 'budget' || w.reason === 'limited') || span >= 4000).toBe(true);
      // What it learnt is in the shared state: the window's length.
      expect(client.pacer('analytics').status().limit).toBe(10);
    } finally {
      await emu.close();
    }
  }, 60_000);

  it('gives each record once when records already read are deleted and others added during the read', async () => {
    const emu = await startEmulator({ seed: 95, seedReports: 0, rateLimit: 0 });
    try {
      const before = new Set(emu.websites().map((w) => w.id as number));
      const deleted: number[] = [];
      const { ids, pages } = await collect(emu, 10, async (page) => {
        if (page !== 3 || deleted.length) return;
        // Another user deletes three records this read has given, and adds two.
        for (const id of [...before].slice(0, 3)) {
          const res = await fetch(`${emu.baseUrl}/public/api/v1/websites/${id}`, {
            method: 'DELETE',
            headers: { Authorization: `Bearer ${emu.apiKey}`, Accept: 'application/json' },
          });
          expect(res.status, await res.text()).toBe(200);
          deleted.push(id);
        }
        emu.insertRaw('websites', { domain: 'added-1.example.com' });
        emu.insertRaw('websites', { domain: 'added-2.example.com' });
      });
      expect(new Set(ids).size).toBe(ids.length);
      // Every record that existed from start to end was given.
      for (const id of before) if (!deleted.includes(id)) expect(ids).toContain(id);
      // The page after the change was read again (the total went down).
      expect(pages.filter((p) => p === 3).length).toBe(2);
      // Added after the cursor, in id order: they come at the end.
      expect(ids.length).toBe(before.size + 2);
    } finally {
      await emu.close();
    }
  });
});
