// child_process, loaded when a program is first started (an editor, a browser, tmux, a key
// command), not with the module that starts it.
import type * as ChildProcess from 'node:child_process';

export const childProcess = (): typeof ChildProcess => process.getBuiltinModule('node:child_process');
