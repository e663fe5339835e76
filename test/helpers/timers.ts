// Counts the timers the deck keeps alive: setTimeout/setInterval are wrapped while installed,
// and every timer created outside the tests' own code (helpers, the emulator, vitest) is tracked
// from creation until it fires (a timeout) or is cleared.

type Handle = ReturnType<typeof setTimeout>;

export interface TimerCount {
  /** Live timers created by the deck (sources under src/ except the emulator, and packages). */
  live(): { kind: 'timeout' | 'interval'; stack: string }[];
  uninstall(): void;
}

const OURS = /\/test\/|\/src\/emulator\/|vitest|tinypool/;

function fromDeck(): string | null {
  const stack = new Error().stack ?? '';
  const frames = stack.split('\n').slice(3).join('\n');
  return OURS.test(frames) ? null : frames;
}

export function countTimers(): TimerCount {
  const g = globalThis as unknown as Record<string, (...a: unknown[]) => unknown>;
  const orig = { setTimeout: g.setTimeout, setInterval: g.setInterval, clearTimeout: g.clearTimeout, clearInterval: g.clearInterval };
  const live = new Map<Handle, { kind: 'timeout' | 'interval'; stack: string }>();
  g.setTimeout = (fn: unknown, ms?: unknown, ...args: unknown[]) => {
    const stack = fromDeck();
    const h = orig.setTimeout(
      (...a: unknown[]) => {
        live.delete(h);
        (fn as (...x: unknown[]) => void)(...a);
      },
      ms,
      ...args,
    ) as Handle;
    if (stack !== null) live.set(h, { kind: 'timeout', stack });
    return h;
  };
  g.setInterval = (fn: unknown, ms?: unknown, ...args: unknown[]) => {
    const stack = fromDeck();
    const h = orig.setInterval(fn, ms, ...args) as Handle;
    if (stack !== null) live.set(h, { kind: 'interval', stack });
    return h;
  };
  g.clearTimeout = (h: unknown) => {
    live.delete(h as Handle);
    return orig.clearTimeout(h);
  };
  g.clearInterval = (h: unknown) => {
    live.delete(h as Handle);
    return orig.clearInterval(h);
  };
  return {
    live: () => [...live.values()],
    uninstall: () => Object.assign(g, orig),
  };
}
