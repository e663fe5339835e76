// Who wrote a lock or a temporary file, beyond its pid: a pid is reused (in a container every run
// gets the same low one), so a writer is its pid and its start. On Linux the start is the process's
// start time in clock ticks since boot (/proc/<pid>/stat, field 22) with the boot's id, so a pid
// taken again after the writer died, or after a reboot, never passes for it. Elsewhere another
// process can only be asked whether it is alive, and this process knows its own start time.
import { readFileSync } from 'node:fs';

/** A writer as it records itself: its pid and a short tag of its start (`p…` from /proc, `t…` from its clock). */
export interface Writer {
  readonly pid: number;
  readonly start: string;
}

const BOOT_ID = '/proc/sys/kernel/random/boot_id';

let bootId: string | null | undefined;

/** This boot's id (hex, dashes dropped); null where there is none to read. */
function boot(): string | null {
  if (bootId !== undefined) return bootId;
  try {
    const id = readFileSync(BOOT_ID, 'utf8').trim().replace(/-/g, '');
    bootId = /^[0-9a-f]{8,}$/.test(id) ? id : null;
  } catch {
    bootId = null;
  }
  return bootId;
}

/** `pid`'s start as /proc tells it (`p<boot>.<ticks>`); undefined where it cannot be told (not Linux, gone, no /proc). */
export function startOf(pid: number): string | undefined {
  if (process.platform !== 'linux' || !validPid(pid)) return undefined;
  const id = boot();
  if (id === null) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command's name (field 2) is in parentheses and may hold spaces or ")": count from the last one.
    const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return ticks !== undefined && /^\d+$/.test(ticks) ? `p${id.slice(0, 8)}-${ticks}` : undefined;
  } catch {
    return undefined;
  }
}

let self: Writer | undefined;

/** This process as it records itself in the locks and temporary files it makes. */
export function me(): Writer {
  // performance.timeOrigin: when this process started, fixed for its life.
  self ??= { pid: process.pid, start: startOf(process.pid) ?? `t${Math.round(performance.timeOrigin * 1000).toString(36)}` };
  return self;
}

/** A pid that names one process (0 and negatives name process groups to kill()). */
const validPid = (pid: number): boolean => Number.isSafeInteger(pid) && pid > 0;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the writer that recorded `w` has ended: no process has its pid, or the one that has it
 * started at another time (this process itself, when the start is not its own; another, when both
 * starts come from /proc). A start recorded some other way (an older sitedeck wrote the time) says
 * nothing about another live process: that one is taken to be the writer.
 */
export function isGone(w: Writer): boolean {
  const mine = me();
  if (w.pid === mine.pid) return w.start !== mine.start;
  if (!validPid(w.pid) || !alive(w.pid)) return true;
  if (!w.start.startsWith('p')) return false;
  const now = startOf(w.pid);
  return now !== undefined && now !== w.start;
}
