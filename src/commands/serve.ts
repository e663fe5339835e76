// `sitedeck serve`: checks its numbers, then hands over to the emulator.
import { excerpt } from '../text/sanitize';
import { EXIT } from './exitCodes';
import { CommandFailure } from './failure';
import type { Options } from './input';
import type { Io } from './io';
import { describeFailure } from './run';

function whole(name: string, raw: unknown, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^\d+$/.test(String(raw)) || n > max) throw new CommandFailure(EXIT.usage, `--${name} must be a whole number from 0 to ${max} (got "${excerpt(raw)}")`);
  return n;
}

function window(raw: unknown): number | undefined {
  const n = whole('rate-window', raw, 86_400);
  if (n === 0) throw new CommandFailure(EXIT.usage, '--rate-window must be at least 1 second (turn the limit off with --rate-limit 0)');
  return n;
}

/**
 * Checks the numbers on the seam; the emulator then runs as the process does (src/emulator/serve.ts:
 * its signals end it, and it exits), so `serve` is proved through a real process.
 */
export async function runServeCommand(seam: Io, opts: Options): Promise<number> {
  try {
    const settings = {
      port: whole('port', opts.port, 65535) ?? 0,
      seoPort: whole('seo-port', opts.seoPort, 65535) ?? 0,
      host: typeof opts.host === 'string' ? opts.host : '127.0.0.1',
      key: typeof opts.key === 'string' ? opts.key : undefined,
      seed: whole('seed', opts.seed),
      data: typeof opts.data === 'string' ? opts.data : undefined,
      rateLimit: whole('rate-limit', opts.rateLimit),
      rateWindow: window(opts.rateWindow),
    };
    const { runServe } = await import('../emulator/serve');
    await runServe(settings);
    return EXIT.ok;
  } catch (e) {
    const { code, lines } = describeFailure(e);
    seam.stderr.write(lines.map((l, i) => (i === 0 ? `sitedeck: ${l}` : l)).join('\n') + '\n');
    return code;
  }
}
