// Small real programs for api_key_command: shell scripts in a temporary directory, each one what a
// password manager does (print the key, fail with exit 3 and a message, hang), some counting runs.

import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KeyScripts {
  dir: string;
  /** Prints `key` (padded with blanks, then a second line) and appends a line to `runsFile` each run. */
  printing(key: string): string;
  /** Says two lines on stderr and exits 3. */
  failing: string;
  /** Never finishes on its own. */
  hanging: string;
  /** Exits 0 having printed nothing. */
  silent: string;
  /** Prints its first argument as the key (to show how the line was split). */
  echoFirst: string;
  /** How many times `printing` scripts ran. */
  runs(): number;
  cleanup(): void;
}

export function makeKeyScripts(): KeyScripts {
  const dir = mkdtempSync(join(tmpdir(), 'sitedeck-keycmd-'));
  const runsFile = join(dir, 'runs');
  writeFileSync(runsFile, '');
  let n = 0;
  const script = (name: string, body: string) => {
    const path = join(dir, name);
    writeFileSync(path, `#!/bin/sh\n${body}\n`);
    chmodSync(path, 0o755);
    return path;
  };
  return {
    dir,
    printing: (key) => script(`print-${++n}.sh`, `echo run >> '${runsFile}'\nprintf '  %s  \\nsecond line\\n' '${key}'`),
    failing: script('fail.sh', `echo 'gpg: decryption failed: No secret key' >&2\necho 'second line of stderr' >&2\nexit 3`),
    hanging: script('hang.sh', 'exec sleep 600'),
    silent: script('silent.sh', 'exit 0'),
    echoFirst: script('echo-first.sh', `printf '%s\\n' "$1"`),
    runs: () => readFileSync(runsFile, 'utf8').split('\n').filter(Boolean).length,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
