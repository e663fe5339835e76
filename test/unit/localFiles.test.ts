// doctor's "Local files": every row of the table, with what is at its paths now and what sitedeck
// would refuse there (src/files/inspect.ts), looked at without changing anything.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectLocalFiles } from '../../src/files/inspect';
import { LOCAL_FILES } from '../../src/files/table';
import { removeDir } from '../helpers/dirs';

const home = mkdtempSync(join(tmpdir(), 'sitedeck-local-'));
afterAll(() => removeDir(home));

const places = (root: string) => ({
  configDir: join(root, 'config'),
  stateDir: join(root, 'state', 'sitedeck'),
  cacheDir: join(root, 'cache', 'sitedeck'),
  env: { XDG_STATE_HOME: join(root, 'state') },
  profile: 'default',
});

describe('the local files doctor lists', () => {
  it('names every row of the table, each path not there yet as missing', () => {
    const states = inspectLocalFiles(places(join(home, 'empty')));
    expect([...new Set(states.map((s) => s.row.id))]).toEqual(LOCAL_FILES.map((r) => r.id));
    expect(states.filter((s) => s.state === 'refused')).toEqual([]);
  });

  it('says what it would refuse, with the fix, and what a dead writer left; nothing is changed', () => {
    const root = join(home, 'planted');
    const p = places(root);
    mkdirSync(p.configDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(p.configDir, 'config.json'), '{}', { mode: 0o600 });
    // A dead writer's temporary file (pid 1's start is never this one), and a link at such a name.
    writeFileSync(join(p.configDir, 'config.json.99999999.p1-1.0123456789abcdef.tmp'), 'x', { mode: 0o600 });
    symlinkSync('/etc/hostname', join(p.configDir, 'config.json.1.p1-1.fedcba9876543210.tmp'));
    // A state folder others can write in.
    mkdirSync(p.stateDir, { recursive: true });
    chmodSync(p.stateDir, 0o777);
    const before = readdirSync(p.configDir).sort();

    const states = inspectLocalFiles(p);
    const temps = states.filter((s) => s.row.id === 'temporary');
    expect(temps.map((s) => [s.state, s.detail.replace(p.configDir, 'C')])).toEqual(
      expect.arrayContaining([
        ['refused', 'C/config.json.1.p1-1.fedcba9876543210.tmp: left alone (not a regular file)'],
        ['ok', 'C/config.json.99999999.p1-1.0123456789abcdef.tmp: left by a writer that is gone; the next write removes it'],
      ]),
    );
    const folder = states.find((s) => s.row.id === 'stateFolder')!;
    expect(folder).toMatchObject({ state: 'refused', detail: `other users can write in ${p.stateDir} (mode 0777)` });
    expect(folder.fix).toContain(`rm -r ${p.stateDir}`);
    expect(readdirSync(p.configDir).sort()).toEqual(before);
  });
});
