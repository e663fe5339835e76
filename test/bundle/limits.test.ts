// Size at the door, in real processes: stdin of any size on a real pipe (an answer 10 000 levels deep
// and the state files: ../commands/in-process/limits.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from '../commands/helpers';
import { startDeepServer, type DeepServer } from '../commands/deepServer';

let deep: DeepServer;
const envIn = (dir: string) => deep.envIn(dir);
const fresh = () => deep.fresh();

beforeAll(async () => {
  ensureBuilt();
  deep = await startDeepServer();
});
afterAll(() => deep.close());

describe('standard input', () => {
  // bundle: stdin's size limit is read from a real pipe into a real process
  it('past max_stdin_mb is refused in words, and nothing is sent', async () => {
    const before = deep.server.seen.length;
    const r = await runCli(['websites', 'delete', '--ids', '-', '--yes'], {
      env: { ...envIn(fresh()), SITEDECK_MAX_STDIN_MB: '1' },
      input: '1\n'.repeat(600_000),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('standard input holds more than 1 MB, the most sitedeck reads from it (max_stdin_mb); nothing was sent');
    expect(deep.server.seen.length).toBe(before);
  });

  // bundle: 10 MB through a real pipe into a real process, which stops reading at its limit
  it('a 10 MB bad token is quoted by at most 80 characters', async () => {
    const r = await runCli(['websites', 'delete', '--ids', '-', '--yes'], { env: envIn(fresh()), input: `1 ${'x'.repeat(10_000_000)}\n` });
    expect(r.code).toBe(2);
    expect(r.stderr.length).toBeLessThan(400);
    expect(r.stderr).toContain(`"${'x'.repeat(79)}…"`);
  });
});
