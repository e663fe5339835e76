// Figure 6: the emulator's sorted and searched list pages over loopback HTTP with 100 000 websites.

import { percentile } from '../stats.mjs';

const NEEDLES = ['shop', 'blue', 'labs.io', 'river', 'north', 'cafe', '.de', 'zzz-none', 'ember', 'app.', 'meadows', 'x'];

export async function measureEmulator({ startEmulator, websites = 100_000, requests = 200 }) {
  const t0 = performance.now();
  const emu = await startEmulator({ seed: websites, seedReports: 0, rateLimit: 0 });
  const seedMs = performance.now() - t0;
  try {
    const headers = { Authorization: `Bearer ${emu.apiKey}`, Accept: 'application/json' };
    const page = async (i) => {
      const q = new URLSearchParams({
        search: NEEDLES[i % NEEDLES.length],
        sort_by: i % 2 ? 'domain' : 'id',
        sort: i % 3 ? 'asc' : 'desc',
        per_page: String([10, 25, 50, 100][i % 4]),
        page: String(1 + (i % 7)),
      });
      const t = performance.now();
      const res = await fetch(`${emu.baseUrl}/public/api/v1/websites?${q}`, { headers });
      const body = await res.json();
      if (res.status !== 200 || !Array.isArray(body.data)) throw new Error(`emulator answered ${res.status}`);
      return performance.now() - t;
    };
    for (let i = 0; i < 20; i++) await page(i); // warm-up: connection, JIT, any lazily built index
    const times = [];
    for (let i = 0; i < requests; i++) times.push(await page(i + 20));
    return { p50: percentile(times, 50), p95: percentile(times, 95), max: percentile(times, 100), seedMs, requests };
  } finally {
    await emu.close();
  }
}
