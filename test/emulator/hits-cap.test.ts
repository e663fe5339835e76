import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

describe('request log cap', () => {
  it('keeps only the newest requests past maxHits, in order', async () => {
    emu = await startEmulator({ seed: 3, rateLimit: 0, maxHits: 5 });
    const headers = { Authorization: `Bearer ${emu.apiKey}`, Accept: 'application/json' };
    for (let page = 1; page <= 1012; page++) {
      const r = await fetch(`${emu.baseUrl}/public/api/v1/websites?page=${page}`, { headers });
      await r.arrayBuffer();
    }
    // Trimmed in chunks of a thousand: never more than maxHits + 1000, the newest always last.
    expect(emu.hits.length).toBeLessThanOrEqual(1005);
    expect(emu.hits.length).toBeGreaterThanOrEqual(5);
    expect(emu.hits.at(-1)?.query.page).toBe('1012');
    const pages = emu.hits.map((h) => Number(h.query.page));
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    expect(pages[0]).toBeGreaterThan(1);
  });

  it('keeps every request by default', async () => {
    emu = await startEmulator({ seed: 1, rateLimit: 0 });
    const headers = { Authorization: `Bearer ${emu.apiKey}`, Accept: 'application/json' };
    for (let i = 0; i < 30; i++) await (await fetch(`${emu.baseUrl}/public/api/v1/websites`, { headers })).arrayBuffer();
    expect(emu.hits).toHaveLength(30);
  });
});
