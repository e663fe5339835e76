// The profile's earlier searches on disk (`/` then ↑): one file per profile in the state directory,
// mode 0600, at most 50 entries, the latest last, each once; a broken file is no history, not an error.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEARCH_HISTORY_MAX } from '../../src/state/searchHistory';
import { loadSearches, saveSearch, searchesPath } from '../../src/ui/searchesFile';
import { removeDir } from '../helpers/dirs';

const home = mkdtempSync(join(tmpdir(), 'sitedeck-searches-'));
afterAll(() => removeDir(home));

describe('the earlier searches file', () => {
  it('is per profile under $XDG_STATE_HOME/sitedeck, keeps the latest 50, each once, mode 0600', async () => {
    const env = { XDG_STATE_HOME: home };
    const work = searchesPath(env, 'work');
    expect(work).toBe(join(home, 'sitedeck', 'searches-work.json'));
    expect(searchesPath(env, 'home')).not.toBe(work);
    expect(loadSearches(work)).toEqual([]);
    for (let i = 0; i < SEARCH_HISTORY_MAX + 10; i++) await saveSearch(work, `s${i}`);
    await saveSearch(work, 's20');
    const list = loadSearches(work);
    expect(list).toHaveLength(SEARCH_HISTORY_MAX);
    expect(list[list.length - 1]).toBe('s20');
    expect(list.filter((x) => x === 's20')).toHaveLength(1);
    expect(list[0]).toBe('s10');
    expect(statSync(work).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(work, 'utf8'))).toEqual({ searches: list });
    writeFileSync(work, '{not json');
    expect(loadSearches(work)).toEqual([]);
    await saveSearch(work, 'again');
    expect(loadSearches(work)).toEqual(['again']);
  });
});
