// child_process, loaded when a program is first started (an editor, a browser, tmux, a key
// command): a static import loads it, and the built-ins it needs, before the deck's first frame,
// which starts no program.
import type * as ChildProcess from 'node:child_process';

export const childProcess = (): typeof ChildProcess => process.getBuiltinModule('node:child_process');

// What the packages on the deck's start path take from child_process (commander: spawn, for
// external subcommands sitedeck has none of; terminal-size: execFileSync, when the terminal does not
// say its size). The bundle hands them these instead of the module (build patch
// `lazy-child-process`, scripts/build-patches.mjs).
type Fn = (...args: unknown[]) => unknown;
const onUse = <K extends 'spawn' | 'execFileSync'>(name: K) =>
  ((...args: unknown[]) => Reflect.apply(childProcess()[name] as Fn, undefined, args)) as (typeof ChildProcess)[K];
export const spawn = onUse('spawn');
export const execFileSync = onUse('execFileSync');
