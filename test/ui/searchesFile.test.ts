// The profile's earlier searches (`/` then ↑): rows of its state database, at most 50, the latest
// last, each once; an earlier sitedeck's searches file is read in once; a database that cannot be
// used is no history, not an error.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addSearch, databasePath } from '../../src/files/db';
import { SEARCH_HISTORY_MAX } from '../../src/state/searchHistory';
import { loadSearches, searchesAt } from '../../src/ui/outside/searchesFile';
import { removeDir } from '../helpers/dirs';

const home = mkdtempSync(join(tmpdir(), 'sitedeck-searches-'));
afterAll(() => removeDir(home));

describe('the earlier searches', () => {
  it('are per profile in its state database under $XDG_STATE_HOME/sitedeck, the latest 50, each once', () => {
    const env = { XDG_STATE_HOME: home };
    const work = searchesAt(env, 'work');
    expect(databasePath(env, 'work')).toBe(join(home, 'sitedeck', 'state-work.sqlite'));
    expect(databasePath(env, 'home')).not.toBe(databasePath(env, 'work'));
    expect(loadSearches(work)).toEqual([]);
    for (let i = 0; i < SEARCH_HISTORY_MAX + 10; i++) addSearch(work.database(), `s${i}`, SEARCH_HISTORY_MAX);
    addSearch(work.database(), 's20', SEARCH_HISTORY_MAX);
    const list = loadSearches(work);
    expect(list).toHaveLength(SEARCH_HISTORY_MAX);
    expect(list[list.length - 1]).toBe('s20');
    expect(list.filter((x) => x === 's20')).toHaveLength(1);
    expect(list[0]).toBe('s10');
  });

  it("an earlier sitedeck's searches file is read in once and removed; a broken one is left as it was", () => {
    const env = { XDG_STATE_HOME: join(home, 'old') };
    mkdirSync(join(home, 'old', 'sitedeck'), { recursive: true, mode: 0o700 });
    const at = searchesAt(env, 'default');
    writeFileSync(at.oldFile, JSON.stringify({ searches: ['blue', 'shop'] }), { mode: 0o600 });
    expect(loadSearches(at)).toEqual(['blue', 'shop']);
    expect(existsSync(at.oldFile)).toBe(false);
    const broken = searchesAt(env, 'other');
    writeFileSync(broken.oldFile, '{not json', { mode: 0o600 });
    expect(loadSearches(broken)).toEqual([]);
    expect(existsSync(broken.oldFile)).toBe(true);
  });
});
