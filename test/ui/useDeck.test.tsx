// A component reads what it uses of the deck's state through useDeck: it is drawn again when that
// changes, and only then (a flash or another slice leaves it alone), and words derived afresh from
// the state are kept while they read the same (sameWords), so a component given them draws once.
import { Text } from 'ink';
import { Component, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { initialState } from '../../src/state/reducer';
import { createStore } from '../../src/state/store';
import { tabShown } from '../../src/state/stack';
import { DeckStoreContext, sameParts, sameWords, useDeck } from '../../src/ui/hooks/useDeck';
import { renderInk } from '../helpers/ink';
import { waitFor } from '../helpers/wait';

/** Draws the message of what its children throw. */
class Caught extends Component<{ children: ReactNode }, { error?: string }> {
  override state: { error?: string } = {};
  static getDerivedStateFromError(e: Error) {
    return { error: e.message };
  }
  override render() {
    return this.state.error ? <Text>{this.state.error}</Text> : this.props.children;
  }
}

describe('useDeck', () => {
  it('draws a component again when what it selects changes, not when the rest of the state does', async () => {
    const store = createStore(initialState());
    const drawn: string[] = [];
    function Tab() {
      const tab = useDeck((s) => s.tab);
      // Words made afresh at every reading: a new array each time, kept while its words are the same.
      const words = useDeck((s) => [tabShown(s), s.tab.toUpperCase()], sameWords);
      drawn.push(`${tab} ${words.join(' ')}`);
      return <Text>{tab}</Text>;
    }
    const ui = renderInk(
      <DeckStoreContext.Provider value={store}>
        <Tab />
      </DeckStoreContext.Provider>,
    );
    expect(ui.frame()).toBe('websites');
    expect(drawn).toEqual(['websites websites WEBSITES']);
    store.dispatch({ type: 'flash/show', kind: 'info', text: 'elsewhere' });
    expect(store.getState().flash?.text).toBe('elsewhere');
    store.dispatch({ type: 'tab/select', tab: 'reports' });
    await waitFor(() => ui.frame() === 'reports', 'the Reports tab drawn');
    expect(drawn).toEqual(['websites websites WEBSITES', 'reports reports REPORTS']);
    ui.unmount();
  });

  it('says what to do when no store is above the component', () => {
    function Lost() {
      useDeck((s) => s.tab);
      return null;
    }
    const ui = renderInk(
      <Caught>
        <Lost />
      </Caught>,
    );
    expect(ui.frame().replace(/\s+/g, ' ')).toMatch(/no deck store above this component; render it inside <DeckStoreContext\.Provider/);
    ui.unmount();
  });

  it('sameParts: the same values key by key; sameWords: alike all through', () => {
    const tabs = initialState().tabs;
    expect(sameParts({ a: tabs, b: 'x' }, { a: tabs, b: 'x' })).toBe(true);
    expect(sameParts({ a: { ...tabs }, b: 'x' }, { a: tabs, b: 'x' })).toBe(false);
    expect(sameParts(['a', 'b'], ['a', 'b', 'c'])).toBe(false);
    expect(sameWords([{ key: 'j', word: 'down' }], [{ key: 'j', word: 'down' }])).toBe(true);
    expect(sameWords([{ key: 'j', word: 'down' }], [{ key: 'j', word: 'up' }])).toBe(false);
  });
});
