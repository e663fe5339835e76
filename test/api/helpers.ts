// Shared set-up of the client-over-HTTP tests: a seeded emulator on port 0 and the real client.

import { createClient, isApiError, type ApiError, type ClientOptions } from '../../src/api';
import { startEmulator, type Emulator } from '../../src/emulator';

/** A key distinctive enough that finding it in any message would be a leak. */
export const TEST_KEY = 'sd_test_key_Zq8wX3vN5bT1';

export async function startTestEmulator(seed = 40): Promise<Emulator> {
  // Rate limiting off: tests make many requests; the 429 path is driven by faults.
  return startEmulator({ port: 0, seoPort: 0, seed, seedRandom: 7, key: TEST_KEY, rateLimit: 0 });
}

/** A client of the emulator that never really sleeps between retries; the waits are recorded. */
export function clientFor(emu: Emulator, extra: Partial<ClientOptions> = {}) {
  const waits: number[] = [];
  const client = createClient({
    baseUrl: emu.baseUrl,
    seoBaseUrl: emu.seoBaseUrl,
    apiKey: emu.apiKey,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...extra,
  });
  return { client, waits };
}

/** The ApiError a promise rejects with (fails the test if it resolves or throws something else). */
export async function apiError(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (isApiError(e)) return e;
    throw new Error(`expected an ApiError, got ${String(e)}`, { cause: e });
  }
  throw new Error('expected the request to fail');
}

export function hitsOf(emu: Emulator, method: string, path: string | RegExp) {
  return emu.hits.filter((h) => h.method === method && (typeof path === 'string' ? h.path === path : path.test(h.path)));
}
