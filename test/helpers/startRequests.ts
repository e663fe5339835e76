// A deck asks, as it opens, for both lists and the Reports tab's three counts by result; on a loaded
// machine the last of them can reach the emulator after the first list is drawn. A test that then
// changes the emulator (a fault) or counts what comes next waits for them all first.
import type { Emulator } from '../../src/emulator';
import { waitFor } from './wait';

const gets = (emulator: Emulator, from: number, test: (h: Emulator['hits'][number]) => boolean) =>
  emulator.hits.slice(from).filter((h) => h.method === 'GET' && test(h)).length;

/** Resolves once the emulator has seen, from hit `from` on, every request a deck sends at open (the lists, then the counts). */
export function startRequestsIn(emulator: Emulator, from = 0): Promise<true> {
  return waitFor(
    () =>
      gets(emulator, from, (h) => h.path === '/public/api/v1/websites') >= 1 &&
      gets(emulator, from, (h) => h.path === '/api/v1/reports' && !h.query.result) >= 1 &&
      gets(emulator, from, (h) => h.path === '/api/v1/reports' && Boolean(h.query.result)) >= 3,
    'the requests a deck sends at open (both lists, the Reports counts)',
  );
}
