// Drives the bundled deck in a real pseudo-terminal: `script -qfec CMD /dev/null` gives the child a
// pty while we talk to `script` over plain pipes. Every output chunk is timestamped on arrival, so
// a key's latency is measured from the write to the bytes the deck answered with.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/** Executables between `script` and the deck: a shell running the command line, env setting variables. */
const NOT_THE_DECK = new Set(['sh', 'bash', 'dash', 'zsh', 'env']);

const ANSI = /\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78NOMDEHc]/g;

/** Terminal output without escape sequences. */
const stripAnsi = (s) => s.replace(ANSI, '');

// Linux reports process CPU time in clock ticks of 1/100 s (getconf CLK_TCK) on every common build.
const CLOCK_TICKS = 100;

const quote = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

// Ink writes only the last frame when it believes it runs in CI; a bench measures frames.
const CI_VARS = ['CI', 'CONTINUOUS_INTEGRATION', 'BUILD_NUMBER', 'RUN_ID', 'GITHUB_ACTIONS', 'GITLAB_CI'];

// Node's compile cache, one folder for every process the bench starts (the deck, the Ink line,
// `node -e 0`): warm after each figure's warm-up launch, as a user's is from the second launch
// (src/compileCache.ts). BENCH_COLD_COMPILE=1 measures every launch compiling from scratch.
const COMPILE_CACHE = process.env.BENCH_COLD_COMPILE
  ? { NODE_DISABLE_COMPILE_CACHE: '1' }
  : { NODE_COMPILE_CACHE: mkdtempSync(join(tmpdir(), 'sitedeck-bench-compiled-')) };

export class DeckPty {
  /** `argv` is the program and its arguments, e.g. ['node', 'dist/cli.js']. */
  static spawn({ argv, env = {}, cols = 200, rows = 50, cwd = process.cwd() }) {
    const childEnv = { ...process.env, ...COMPILE_CACHE, ...env, COLUMNS: String(cols), LINES: String(rows), TERM: 'xterm-256color' };
    for (const v of CI_VARS) delete childEnv[v];
    const cmd = `stty cols ${cols} rows ${rows} && exec ${argv.map(quote).join(' ')}`;
    const startedAt = performance.now();
    const child = spawn('script', ['-qfec', cmd, '/dev/null'], { env: childEnv, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    return new DeckPty(child, startedAt);
  }

  constructor(child, startedAt) {
    this.child = child;
    this.startedAt = startedAt;
    this.raw = '';
    this.lastChunkAt = startedAt;
    this.firstChunkAt = null;
    this.totalBytes = 0;
    this.listeners = new Set();
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    this.stderr = '';
    child.stderr.on('data', (d) => (this.stderr += d));
    child.stdout.on('data', (buf) => {
      const t = performance.now();
      this.lastChunkAt = t;
      this.firstChunkAt ??= t;
      this.totalBytes += buf.length;
      this.raw += buf.toString('utf8');
      for (const fn of this.listeners) fn(t, buf.length);
    });
  }

  /** Forgets the output so far (keeps memory flat over long runs); searches start after it. */
  mark() {
    this.raw = '';
  }

  text() {
    return stripAnsi(this.raw);
  }

  /** Resolves with the arrival time of the chunk after which the output contains `needle`. */
  waitForText(needle, timeoutMs = 10_000) {
    const has = () => (typeof needle === 'string' ? this.text().includes(needle) : needle.test(this.text()));
    if (has()) return Promise.resolve(this.lastChunkAt);
    return new Promise((resolve, reject) => {
      const fn = (t) => {
        if (!has()) return;
        cleanup();
        resolve(t);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(
            `no ${needle} on screen after ${timeoutMs} ms; screen ends with: ${JSON.stringify(this.text().slice(-400))}` +
              `${this.stderr ? `; stderr: ${this.stderr.slice(-400)}` : ''}`,
          ),
        );
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(fn);
      };
      this.listeners.add(fn);
    });
  }

  /**
   * Writes `data` and measures the answer: `first` = first byte after the write, `last` = last byte
   * before the output stayed quiet for `quietMs` (both in ms from the write). `null` if nothing came.
   */
  press(data, { quietMs = 20, timeoutMs = 1000 } = {}) {
    return new Promise((resolve) => {
      let first = null;
      let last = null;
      let bytes = 0;
      let quiet;
      const t0 = performance.now();
      const finish = () => {
        clearTimeout(quiet);
        clearTimeout(giveUp);
        this.listeners.delete(fn);
        resolve(first === null ? null : { first: first - t0, last: last - t0, bytes });
      };
      const fn = (t, n) => {
        first ??= t;
        last = t;
        bytes += n;
        clearTimeout(quiet);
        quiet = setTimeout(finish, quietMs);
      };
      const giveUp = setTimeout(finish, timeoutMs);
      this.listeners.add(fn);
      this.child.stdin.write(data);
    });
  }

  /** Resolves with the arrival time of the next output chunk, or null after `timeoutMs`. */
  nextChunk(timeoutMs = 5000) {
    return new Promise((resolve) => {
      const fn = (t) => done(t);
      const timer = setTimeout(() => done(null), timeoutMs);
      const done = (t) => {
        clearTimeout(timer);
        this.listeners.delete(fn);
        resolve(t);
      };
      this.listeners.add(fn);
    });
  }

  /** Resolves once no output arrived for `quietMs` (timer-driven, no polling). */
  quiet(quietMs) {
    return new Promise((resolve) => {
      let timer;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(
          () => {
            this.listeners.delete(arm);
            resolve();
          },
          Math.max(0, this.lastChunkAt + quietMs - performance.now()),
        );
      };
      this.listeners.add(arm);
      arm();
    });
  }

  /** Writes without measuring. */
  write(data) {
    this.child.stdin.write(data);
  }

  /** Pid of the deck's node process (the child of `script`, which exec'd into node). */
  deckPid() {
    if (this.pid) return this.pid;
    const p = this.child.pid;
    let kids;
    try {
      kids = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return null;
    }
    for (const k of kids) {
      try {
        // By its executable (Node 24 renames its main thread, comm, to MainThread): node, or the
        // single file under its own name; not a shell or env still on its way to exec it.
        if (!NOT_THE_DECK.has(basename(readlinkSync(`/proc/${k}/exe`)))) return (this.pid = k);
      } catch {
        /* gone */
      }
    }
    return null;
  }

  /** Resident set of the deck's node process, in bytes (VmRSS of /proc/<pid>/status). */
  rssBytes() {
    const pid = this.deckPid();
    if (!pid) throw new Error('deck process not found');
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return Number(m[1]) * 1024;
  }

  /** CPU time (user + system) the deck's node process used so far, in ms (10 ms resolution). */
  cpuMs() {
    const pid = this.deckPid();
    if (!pid) throw new Error('deck process not found');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS;
  }

  /** Ends the deck (SIGTERM, which it answers by restoring the terminal), then `script`. */
  async close() {
    const pid = this.deckPid();
    if (this.child.exitCode === null && this.child.signalCode === null) {
      try {
        if (pid) process.kill(pid, 'SIGTERM');
        else this.child.kill('SIGTERM');
      } catch {
        /* already gone */
      }
      const t = setTimeout(() => {
        try {
          if (pid) process.kill(pid, 'SIGKILL');
        } catch {
          /* gone */
        }
        this.child.kill('SIGKILL');
      }, 3000);
      await this.exited;
      clearTimeout(t);
    }
    this.child.stdin.destroy();
  }
}
