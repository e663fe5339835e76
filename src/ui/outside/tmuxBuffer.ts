import { childProcess } from '../../files/childProcess';
import type { TmuxBuffer } from './clipboard';

/**
 * Fills the buffer of the tmux the deck runs in ($TMUX names its server). `-w` (tmux 3.2+) also
 * sends it to the outer terminal's clipboard; an older tmux refuses the flag, so the plain form
 * is tried next.
 */
export function loadTmuxBuffer(text: string): TmuxBuffer {
  const run = (args: string[]) => childProcess().spawnSync('tmux', args, { input: text, stdio: ['pipe', 'ignore', 'ignore'], timeout: 3000 });
  if (run(['load-buffer', '-w', '-']).status === 0) return 'forwarded';
  if (run(['load-buffer', '-']).status === 0) return 'buffer';
  return 'failed';
}
