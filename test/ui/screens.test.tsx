// The screen registry: every kind of screen the stack can hold has its entry, and each entry has
// all four parts (its reducer slice, its keys, its frame, its spoken form): a new view cannot be
// drawn without being spoken, or stacked without keys that act on it.
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/state/actions';
import { SCREEN_KINDS, type ScreenKind } from '../../src/state/mode';
import { initialState, reducer } from '../../src/state/reducer';
import { topScreen } from '../../src/state/stack';
import type { DeckState } from '../../src/state/types';
import { SCREENS } from '../../src/ui/screens/registry';
import { spokenDeck } from '../../src/ui/spoken/deck';
import { pageOf, website } from '../helpers/records';

const run = (s: DeckState, ...actions: Action[]) => actions.reduce(reducer, s);

/** A state with each kind of screen on top, reached by the actions that push it. */
function reach(kind: ScreenKind): DeckState {
  const loaded = run(
    initialState(),
    { type: 'list/request', tab: 'websites', requestId: 1 },
    { type: 'list/loaded', tab: 'websites', requestId: 1, page: pageOf([website(1), website(2)]) },
  );
  switch (kind) {
    case 'list':
      return loaded;
    case 'detail':
      return run(loaded, { type: 'detail/open' });
    case 'form':
      return run(loaded, { type: 'form/edit' });
    case 'projects':
      return run(loaded, { type: 'projects/open' });
    case 'audit':
      return run(loaded, { type: 'audit/open' });
    case 'cover':
      return run(loaded, { type: 'cover/start', source: 'https://a.example.com/sitemap.xml' });
  }
}

describe('the screen registry', () => {
  for (const kind of SCREEN_KINDS) {
    it(`${kind}: its frame and spoken form`, () => {
      const entry = SCREENS[kind];
      expect(typeof entry.status).toBe('function');
      expect(typeof entry.body).toBe('function');
      const state = reach(kind);
      expect(topScreen(state).kind).toBe(kind);
      const place = entry.spoken.place(state, { now: 0 });
      expect(place.length).toBeGreaterThan(0);
      // What the deck says first is this screen's place.
      expect(spokenDeck(state, { now: 0 })[0].text).toBe(place);
    });
  }

  it('the Audit view is spoken as the audit, not as the tab under it', () => {
    const said = spokenDeck(reach('audit'), { now: 0 }).map((l) => l.text);
    expect(said[0]).toMatch(/^Audit of all reports, 0 pages, 0 failing checks, failing checks/);
    expect(said.join('\n')).not.toMatch(/Websites, tab 1 of 3/);
  });
});
