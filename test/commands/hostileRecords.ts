// Records that carry terminal escapes, for the tests of what the commands print: in-process
// (./in-process/hostile.test.ts) and on a terminal (./hostile.test.ts).
import type { Emulator } from '../../src/emulator';

// A record carrying a clear-screen, a window-title change, an OSC 52 clipboard write, a hyperlink
// and a bidi override.
export const HOSTILE_DOMAIN =
  '\x1b[2J\x1b[Hevil\x1b]0;pwned\x07\x1b]52;c;cm0gLXJmIH4=\x07\x1b]8;;https://attacker.test\x1b\\link\x1b]8;;\x1b\\\u202egnp.example';
export const HOSTILE_PROJECT = '\x9b31mproj\x1b]2;title\x1b\\';

/** Any of the escapes above, raw. */
export const RAW = /\x1b|\x07|\x9b|\u202e/;

/** A website and a report carrying them (and an extra field with one in its name). */
export function insertHostile(emulator: Emulator): { websiteId: number; reportId: number } {
  const websiteId = emulator.insertRaw('websites', {
    domain: HOSTILE_DOMAIN,
    privacy: 0,
    email: 0,
    exclude_bots: 1,
    exclude_ips: '1.1.1.1\n\x1b[31m2.2.2.2',
    'x-\x1b]0;evil\x07note': 'extra \x1b[5mblink',
  });
  const reportId = emulator.insertRaw('reports', { url: 'https://ok.example/\x1b]52;c;ZXZpbA==\x07x', project: HOSTILE_PROJECT, result: 90, privacy: 0 });
  return { websiteId, reportId };
}
