// Your own keys through the bundled CLI: `sitedeck config keys` prints the effective map, and the
// deck in tmux obeys it (the config's `keys` read against the keymap: test/ui/keyConfig.test.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTmux, type TmuxSession } from '../helpers/tmux';
import { baseEnv, CLI, ensureBuilt, runCli } from '../commands/helpers';
import { removeDir } from '../helpers/dirs';

describe('with the bundled CLI', () => {
  let dir: string;
  let t: TmuxSession | undefined;
  beforeAll(() => {
    ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'sitedeck-keys-'));
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: {}, keys: { list: { quit: 'x', refresh: 'C-' } } }, null, 2), { mode: 0o600 });
  });
  afterAll(() => {
    t?.kill();
    removeDir(dir);
  });

  it('sitedeck config keys prints the effective map, marks yours, and says what was left out (exit 2)', async () => {
    const r = await runCli(['config', 'keys'], { env: baseEnv({ SITEDECK_CONFIG_DIR: dir }) });
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^\* quit\s+x\s+quit\s+list,projects$/m);
    expect(r.stdout).toMatch(/^ {2}refresh\s+r\s+refresh\s/m);
    expect(r.stderr).toBe(
      `sitedeck: ${join(dir, 'config.json')}:6: keys.list.refresh: cannot read the key "C-" ` +
        '(a character, C-x, M-x, S-Tab, or Enter, Esc, Tab, Space, Bksp, Del, Up, Down, Left, Right, PgUp, PgDn, Home, End); its defaults stay\n',
    );
    const json = JSON.parse((await runCli(['config', 'keys', '--json'], { env: baseEnv({ SITEDECK_CONFIG_DIR: dir }) })).stdout) as {
      keys: { action: string; keys: string; yours: boolean }[];
    };
    expect(json.keys.filter((k) => k.yours)).toEqual([expect.objectContaining({ action: 'quit', keys: 'x' })]);
  });

  it('the deck obeys them: x quits, q does nothing, the broken entry is said', async () => {
    t = startTmux({
      command: ['node', CLI, '--demo'],
      env: { SITEDECK_CONFIG_DIR: dir, TERM: 'xterm-256color' },
      columns: 120,
      rows: 30,
      recordFromStart: true,
    });
    // Said in a flash at start: read from what the deck wrote, which a late capture cannot miss.
    await t.output({ fromStart: true }).waitFor(/keys\.list\.refresh: cannot read the key "C-"/);
    // The flash comes with the first frame, the rows a moment later (j on a list still loading moves nothing).
    await t.waitFor(/›\s+60 /);
    t.sendKeys('q');
    t.sendKeys('j');
    await t.waitFor(/›\s+59 /); // q was no key: the deck still moves
    t.sendKeys('x');
    await t.waitFor('[exit 0]');
  });
});
