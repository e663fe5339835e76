// The one I/O object (src/terminal/io.ts) as a test builds it: strings for streams, no stream a
// terminal, an environment of the test's own. The process's edges are stand-ins: no signal reaches a
// test through it, and an exit throws, naming the code, instead of ending the test runner.
import { Readable } from 'node:stream';
import type { Io } from '../../src/terminal/io';

export function testIo<T extends Partial<Io>>(given: T = {} as T): Io & T {
  return {
    argv: [],
    stdin: Readable.from([]),
    stdout: { write: () => true },
    stderr: { write: () => true },
    env: {},
    cwd: process.cwd(),
    isTTY: { stdin: false, stdout: false, stderr: false },
    color: false,
    signal: new AbortController().signal,
    now: Date.now,
    platform: process.platform,
    onSignal: () => () => {},
    exit: (code: number) => {
      throw new Error(`exit(${code}) through the I/O object: the process itself is not the test's to end`);
    },
    builtinModule: process.getBuiltinModule.bind(process),
    ...given,
  };
}
