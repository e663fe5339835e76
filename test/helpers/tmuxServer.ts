// A tmux server for the end-to-end tests, with one control-mode client attached (`tmux -C`): tmux
// tells it every byte a program writes to a pane (%output) and answers commands sent on its stdin,
// in order. Waits look at the screen when a pane wrote something, not on a timer, and a capture
// costs no process.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { SYNC_END, SYNC_START } from '../../src/ui/layout/screen';

// The real timers, taken before any test fakes the clock.
const { setTimeout: realSetTimeout, clearTimeout: realClearTimeout, setImmediate: realSetImmediate } = globalThis;

/** Begin and end synchronized update: Ink brackets each frame with them. */
const FRAME_START = Buffer.from(SYNC_START);
const FRAME_END = Buffer.from(SYNC_END);

/** What the server knows of one pane from its %output lines. */
interface PaneState {
  /** Counts what may have changed the screen: each %output chunk and each window event. */
  version: number;
  /** Inside a frame: its synchronized update began and has not ended yet. */
  inFrame: boolean;
  /** The last bytes, for a sequence split across two chunks. */
  tail: Buffer;
  /** Everything written since recording began (null: not recording). */
  recorded: Buffer[] | null;
  wake: Set<() => void>;
}

/** A capture through the control client: the screen, or null when the pane is gone. */
export interface Capture {
  screen: string | null;
  /** No frame was half-written when tmux took it. */
  whole: boolean;
  /** The pane's version when tmux took it. */
  version: number;
}

interface Pending {
  onBegin: () => void;
  done: (ok: boolean, lines: string[]) => void;
}

/** `\ooo` octal escapes of a %output line back to bytes. */
function unescape(b: Buffer): Buffer {
  if (!b.includes(0x5c)) return b;
  const out = Buffer.alloc(b.length);
  let n = 0;
  for (let i = 0; i < b.length; i++) {
    if (b[i] === 0x5c && i + 3 < b.length) {
      out[n++] = parseInt(b.subarray(i + 1, i + 4).toString('latin1'), 8);
      i += 3;
    } else out[n++] = b[i];
  }
  return out.subarray(0, n);
}

export class TmuxServer {
  readonly socket = `sitedeck-test-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly control: ChildProcess;
  private readonly panes = new Map<string, PaneState>();
  private readonly pending: Pending[] = [];
  /** The answer being read: from %begin to the %end (or %error) of the same time, number and flags. */
  private block: { key: string; pending: Pending | null; lines: string[] } | null = null;
  private rest = Buffer.alloc(0);
  private alive = true;

  constructor() {
    // The keeper session holds the control client; its program ends with this process, so a server
    // left by a worker that was killed goes once its tests' windows are gone.
    this.run('-f', '/dev/null', 'new-session', '-d', '-s', 'keep', '-x', '80', '-y', '24', `exec tail --pid=${process.pid} -f /dev/null`);
    this.control = spawn('tmux', ['-L', this.socket, '-C', 'attach-session', '-t', 'keep'], { stdio: ['pipe', 'pipe', 'ignore'] });
    this.control.stdout!.on('data', (d: Buffer) => this.read(d));
    this.control.on('exit', () => this.gone());
    this.control.on('error', () => this.gone());
    // Nothing here keeps the worker alive: a wait in progress has its own timer.
    this.control.unref();
    for (const s of [this.control.stdin, this.control.stdout] as unknown as { unref?: () => void }[]) s.unref?.();
    // Attached once it runs a command: the windows made from now on are reported from their first byte.
    const ready = `ready-${this.socket}`;
    void this.command(`wait-for -S ${ready}`);
    this.run('wait-for', ready);
  }

  get running(): boolean {
    return this.alive;
  }

  /** A tmux command on this server, as a process of its own (output as text; tmux's complaints in the error). */
  run(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
  }

  /** Starts reporting on `pane` (`%N`), recording what it writes if asked. */
  watch(pane: string, record: boolean): void {
    const p = this.state(pane);
    if (record && !p.recorded) p.recorded = [];
  }

  /** What `pane` wrote since recording began (starting it now if it had not). */
  recorded(pane: string): Buffer[] {
    const p = this.state(pane);
    return (p.recorded ??= []);
  }

  forget(pane: string): void {
    const p = this.panes.get(pane);
    this.panes.delete(pane);
    for (const w of p?.wake ?? []) w();
  }

  version(pane: string): number {
    return this.state(pane).version;
  }

  /** The screen of `pane` as tmux has it, with whether a frame was half-written then. */
  capture(pane: string): Promise<Capture> {
    const p = this.state(pane);
    let whole = true;
    let version = p.version;
    return this.command(`capture-pane -p -t ${pane}`, () => {
      whole = !p.inFrame;
      version = p.version;
    }).then(({ ok, lines }) => ({ screen: ok ? lines.map((l) => `${l}\n`).join('') : null, whole, version }));
  }

  /**
   * Resolves once `pane` has changed since `version` (after output quiets: the chunks already read
   * are taken first), or at `deadline` (false).
   */
  changed(pane: string, version: number, deadline: number): Promise<boolean> {
    const p = this.state(pane);
    return new Promise((resolve) => {
      const end = (v: boolean) => {
        p.wake.delete(check);
        realClearTimeout(timer);
        // The rest of a frame may be in the chunks already read: look once they are in.
        realSetImmediate(() => resolve(v));
      };
      const check = () => {
        if (p.version > version || !this.panes.has(pane)) end(true);
      };
      const timer = realSetTimeout(() => end(false), Math.max(0, deadline - Date.now()));
      p.wake.add(check);
      check();
    });
  }

  kill(): void {
    try {
      this.run('kill-server');
    } catch {
      // already gone
    }
    this.gone();
    // tmux can leave its socket file behind; many test runs would pile them up.
    const dir = join(process.env.TMUX_TMPDIR ?? '/tmp', `tmux-${process.getuid?.() ?? 0}`);
    rmSync(join(dir, this.socket), { force: true });
  }

  private state(pane: string): PaneState {
    let p = this.panes.get(pane);
    if (!p) this.panes.set(pane, (p = { version: 0, inFrame: false, tail: Buffer.alloc(0), recorded: null, wake: new Set() }));
    return p;
  }

  /** Sends `line` to the control client; its answer (lines, and whether tmux took it) in order. */
  private command(line: string, onBegin: () => void = () => {}): Promise<{ ok: boolean; lines: string[] }> {
    return new Promise((resolve) => {
      if (!this.alive) return resolve({ ok: false, lines: [] });
      this.pending.push({ onBegin, done: (ok, lines) => resolve({ ok, lines }) });
      this.control.stdin!.write(`${line}\n`);
    });
  }

  private read(data: Buffer): void {
    let buf = this.rest.length ? Buffer.concat([this.rest, data]) : data;
    for (let nl = buf.indexOf(0x0a); nl >= 0; nl = buf.indexOf(0x0a)) {
      this.line(buf.subarray(0, nl));
      buf = buf.subarray(nl + 1);
    }
    this.rest = Buffer.from(buf);
  }

  private line(raw: Buffer): void {
    const text = raw.toString('utf8');
    if (this.block) {
      const m = /^%(end|error) (\S+ \S+ \S+)$/.exec(text);
      if (m && m[2] === this.block.key) {
        const { pending, lines } = this.block;
        this.block = null;
        pending?.done(m[1] === 'end', lines);
      } else this.block.lines.push(text);
      return;
    }
    if (text.startsWith('%output ')) {
      const space = raw.indexOf(0x20, 8);
      if (space > 0) this.output(raw.subarray(8, space).toString('latin1'), unescape(raw.subarray(space + 1)));
      return;
    }
    const begin = /^%begin (\S+ \S+ (\S+))$/.exec(text);
    if (begin) {
      // Flags 1: a command this client sent (the attach itself reports a block of its own).
      const pending = Number(begin[2]) & 1 ? (this.pending.shift() ?? null) : null;
      pending?.onBegin();
      this.block = { key: begin[1], pending, lines: [] };
      return;
    }
    // Any other notification (a window closed, resized, renamed): every wait looks again.
    for (const p of this.panes.values()) {
      p.version++;
      for (const w of p.wake) w();
    }
  }

  private output(pane: string, bytes: Buffer): void {
    const p = this.panes.get(pane);
    if (!p) return;
    const seen = p.tail.length ? Buffer.concat([p.tail, bytes]) : bytes;
    const start = seen.lastIndexOf(FRAME_START);
    const end = seen.lastIndexOf(FRAME_END);
    if (start > end) p.inFrame = true;
    else if (end > start) p.inFrame = false;
    p.tail = Buffer.from(seen.subarray(Math.max(0, seen.length - FRAME_START.length + 1)));
    p.recorded?.push(bytes);
    p.version++;
    for (const w of p.wake) w();
  }

  private gone(): void {
    if (!this.alive) return;
    this.alive = false;
    for (const p of this.pending.splice(0)) p.done(false, []);
    if (this.block?.pending) this.block.pending.done(false, []);
    this.block = null;
    for (const p of this.panes.values()) for (const w of p.wake) w();
  }
}
