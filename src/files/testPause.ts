// A test hook, not a setting: SITEDECK_TEST_PAUSE_AT=<step> stops a real process at a named step
// (a writer between its write and its rename, the deck with its first frame drawn but not yet
// written) so that a test can kill it there, or act and let it go on. Read from the environment the
// caller passes: only a real process can be stopped mid-step, so no seam carries it further.
import { existsSync, readFileSync, writeSync } from 'node:fs';

const sleeper = new Int32Array(new SharedArrayBuffer(4));
/** How often a paused process looks for its resume file. */
const LOOK_MS = 20;

/**
 * At `step` when the environment names it: says `sitedeck:paused:<step>` on stderr and holds the
 * thread (nothing else of the process runs) until the file named after `@` exists
 * (`first-frame@/tmp/go`) and `ready` holds for its text, or until it is killed when none is named.
 */
export function testPause(step: string, env: Readonly<Record<string, string | undefined>>, ready: (said: string) => boolean = () => true): void {
  const at = env.SITEDECK_TEST_PAUSE_AT;
  if (at === undefined || (at !== step && !at.startsWith(`${step}@`))) return;
  const resume = at.slice(step.length + 1);
  writeSync(2, `sitedeck:paused:${step}\n`);
  while (!resume || !existsSync(resume) || !ready(readFileSync(resume, 'utf8'))) Atomics.wait(sleeper, 0, 0, resume ? LOOK_MS : 60_000);
}
