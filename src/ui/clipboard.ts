/**
 * OSC 52 asks the terminal to set its clipboard: works over SSH. Inside tmux the sequence is
 * wrapped in tmux's passthrough (ESC doubled) so it reaches the outer terminal.
 */
export function osc52(text: string, env: NodeJS.ProcessEnv = process.env): string {
  const seq = `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
  if (env.TMUX) return `\x1bPtmux;${seq.replace(/\x1b/g, '\x1b\x1b')}\x1b\\`;
  return seq;
}
