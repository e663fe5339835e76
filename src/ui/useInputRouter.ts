import { useInput, type Key } from 'ink';
import { useRef } from 'react';
import { focusedField } from '../state/formState';
import type { Store } from '../state/store';
import { findBinding, NO_KEY, splitKeys, typedText, type Command } from './keymap';

export type Handlers = Record<Command, () => void>;

/**
 * The one `useInput` of the deck: a key press is looked up in the keymap for the current mode
 * and tab; otherwise text goes to whatever is being typed (search, command line, form field).
 */
export function useInputRouter(store: Store, handlers: Handlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useInput((input, key) => {
    // A paste into a multi-line field keeps its newlines as separators instead of pressing Enter.
    const state0 = store.getState();
    if (state0.mode.kind === 'form' && state0.form && input.length > 1 && !key.ctrl && !key.meta && /[^\r\n]/.test(input)) {
      if (focusedField(state0.form)?.kind === 'lines') return store.dispatch({ type: 'form/type', text: input });
    }
    let text = '';
    // Printable characters in a row go to a text field as one piece (one search update per paste).
    const flush = () => {
      if (text) route(text, NO_KEY);
      text = '';
    };
    for (const k of splitKeys(input, key)) {
      const state = store.getState();
      const typing = state.mode.kind === 'search' || state.mode.kind === 'command' || state.mode.kind === 'form';
      if (typing && !findBinding(state.mode.kind, state.tab, k.input, k.key) && typedText(k.input, k.key) !== null) text += k.input;
      else {
        flush();
        route(k.input, k.key);
      }
    }
    flush();
  });

  function route(input: string, key: Key) {
    const state = store.getState();
    const binding = findBinding(state.mode.kind, state.tab, input, key);
    if (binding) {
      ref.current[binding.command]();
      return;
    }
    const text = typedText(input, key);
    if (text === null) return;
    switch (state.mode.kind) {
      case 'search':
        store.dispatch({ type: 'search/input', text });
        break;
      case 'command':
        store.dispatch({ type: 'command/input', text });
        break;
      case 'form':
        store.dispatch({ type: 'form/type', text });
        break;
      default:
        break;
    }
  }
}
