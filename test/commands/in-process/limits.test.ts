// Depth and size at the door, through the commands in-process: an answer 10 000 levels deep, and
// state files that are FIFOs, devices, huge, or hold someone else's secrets (stdin of any size,
// from a real pipe: ../../bundle/limits.test.ts).
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/commands/exitCodes';
import { runCommand } from '../inProcess';
import { startDeepServer, type DeepServer } from '../deepServer';

let deep: DeepServer;
const envIn = (dir: string) => deep.envIn(dir);
const fresh = () => deep.fresh();

beforeAll(async () => {
  deep = await startDeepServer();
});
afterAll(() => deep.close());

describe('answers nested deeper than max_depth', () => {
  it('--json of a record 10 000 levels deep is refused in words, and writes nothing', async () => {
    const r = await runCommand(['websites', 'list', '--json'], { env: envIn(fresh()) });
    expect(r.code).toBe(EXIT.server);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('nested more than 64 levels deep (the limit, max_depth), refused unread');
  });
});

describe('state files', () => {
  it('config.json as a FIFO is refused in words, never read (no hang)', async () => {
    const dir = fresh();
    execFileSync('mkfifo', [join(dir, 'config', 'config.json')]);
    const r = await runCommand(['config', 'show'], { env: envIn(dir) });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('config.json is a FIFO, not a regular file; sitedeck did not read it');
  });

  it('config.json as a link to /dev/zero is refused in words, never read', async () => {
    const dir = fresh();
    symlinkSync('/dev/zero', join(dir, 'config', 'config.json'));
    const r = await runCommand(['websites', 'list'], { env: envIn(dir) });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('config.json is a device, not a regular file; sitedeck did not read it');
  });

  it('a config.json that is not JSON is refused without quoting its bytes', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'config', 'config.json'), 'root:x:0:0:secret-hash:/root:/bin/bash\n');
    const r = await runCommand(['config', 'show'], { env: envIn(dir) });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('config.json is not valid JSON; fix or remove it');
    expect(r.stderr).not.toContain('root:x');
  });

  it('a config.json over max_state_file_mb is refused in words, never read', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'config', 'config.json'), `{"profiles":{},"x":"${'a'.repeat(2 * 1024 * 1024)}"}`);
    const r = await runCommand(['config', 'show'], { env: { ...envIn(dir), SITEDECK_MAX_STATE_FILE_MB: '1' } });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/config\.json is 2\.0 MB, more than 1 MB, the most a state file may be \(max_state_file_mb\); sitedeck did not read it/);
  });

  it('a history too large is said once, and the list goes on', async () => {
    const dir = fresh();
    mkdirSync(join(dir, 'state', 'sitedeck'), { recursive: true });
    writeFileSync(join(dir, 'state', 'sitedeck', 'history-default.json'), `{"v":1,"x":"${'a'.repeat(2 * 1024 * 1024)}"}`);
    const r = await runCommand(['reports', 'list'], { env: { ...envIn(dir), SITEDECK_MAX_STATE_FILE_MB: '1' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('more than 1 MB, the most a state file may be');
  });
});
