import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Suspendable {
  clear(): void;
}

/**
 * Edits text in $VISUAL/$EDITOR. Ink is suspended for the editor's lifetime: raw mode off, the
 * deck's screen left, the event loop blocked by spawnSync so Ink reads no keys; then everything
 * is restored and the frame redrawn.
 */
export async function openInEditor(text: string, ink: Suspendable | undefined, opts: { screen: boolean } = { screen: true }): Promise<string | null> {
  const editor = process.env.VISUAL || process.env.EDITOR || 'vi';
  const dir = mkdtempSync(join(tmpdir(), 'sitedeck-'));
  const file = join(dir, 'values.txt');
  const stdin = process.stdin;
  try {
    writeFileSync(file, text + '\n', { mode: 0o600 });
    if (stdin.isTTY) stdin.setRawMode(false);
    // The screen-reader deck never took the alternate screen: nothing to leave or retake.
    if (opts.screen) process.stdout.write('\x1b[?1049l\x1b[?25h');
    const r = spawnSync(editor, [file], { stdio: 'inherit', shell: true });
    if (r.error || r.status !== 0) return null;
    return readFileSync(file, 'utf8');
  } finally {
    if (opts.screen) process.stdout.write('\x1b[?1049h\x1b[H\x1b[2J');
    if (stdin.isTTY) stdin.setRawMode(true);
    ink?.clear();
    rmSync(dir, { recursive: true, force: true });
  }
}
