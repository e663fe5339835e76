// Loaded into the deck by the memory figure (node --import) when asked for its parts: on SIGUSR2
// the deck writes what its memory is made of (process.memoryUsage() and V8's heap spaces) to
// /tmp/sitedeck-memory-<pid>.json, so the bench can read the JavaScript heap, external memory and
// the young generation beside RSS without any hook in the deck's own code.
import { readFileSync, writeFileSync } from 'node:fs';
import v8 from 'node:v8';

process.on('SIGUSR2', () => {
  const spaces = {};
  for (const s of v8.getHeapSpaceStatistics()) spaces[s.space_name] = { size: s.space_size, used: s.space_used_size };
  // BENCH_MEMORY_DUMP=smaps: a copy of /proc/<pid>/smaps beside each reading (which mappings hold
  // the pages: malloc's main heap, its thread arenas, V8's pages); =all: a heap snapshot too, to
  // compare in Chrome's DevTools (it allocates, so the readings after the first are inflated).
  const dump = process.env.BENCH_MEMORY_DUMP;
  if (dump) {
    const at = `/tmp/sitedeck-memory-${process.pid}-${Date.now()}`;
    writeFileSync(`${at}.smaps`, readFileSync('/proc/self/smaps'));
    if (dump === 'all') v8.writeHeapSnapshot(`${at}.heapsnapshot`);
  }
  writeFileSync(`/tmp/sitedeck-memory-${process.pid}.json`, JSON.stringify({ usage: process.memoryUsage(), spaces }));
});
