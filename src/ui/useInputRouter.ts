import { useInput, usePaste, type Key } from 'ink';
import { useRef } from 'react';
import type { HandlerContext } from './handlers';
import { disabledReason, findBinding, NO_KEY, refusal, splitKeys, typedText, type Binding } from './keymap';
import { pasteAction } from './paste';
import { unboundKey } from './keyRefusal';
import { QUESTION_GUARD_MS } from '../state/mode';
import { modeOf } from '../state/stack';

/**
 * A bound key does what its binding says, or, when the binding is disabled here, says why in the
 * flash line. Pure bindings dispatch their action; the rest run their effect.
 */
function pressBinding(b: Binding, ctx: HandlerContext): void {
  const state = ctx.store.getState();
  const reason = disabledReason(b, state);
  if (reason) return ctx.store.dispatch({ type: 'flash/show', kind: 'info', text: refusal(b, reason) });
  if (b.does.kind === 'action') {
    const action = b.does.make(state);
    if (action) ctx.store.dispatch(action);
  } else b.does.run({ ...ctx, state });
}

/** One key press: its binding in the current state, else text for whatever is being typed. */
export function routeKey(ctx: HandlerContext, input: string, key: Key): void {
  const { store } = ctx;
  const state = store.getState();
  const binding = findBinding(state, input, key);
  if (binding) return pressBinding(binding, ctx);
  // A key that means nothing on this screen says so (a search's next letter must not do something else).
  const why = unboundKey(state, input, key);
  if (why) return store.dispatch({ type: 'flash/show', kind: 'info', text: why });
  const text = typedText(input, key);
  if (text === null) return;
  switch (modeOf(state).kind) {
    case 'search':
      store.dispatch({ type: 'search/input', text });
      break;
    case 'prompt':
      store.dispatch({ type: 'prompt/input', text });
      break;
    case 'form':
      store.dispatch({ type: 'form/type', text });
      break;
    case 'help':
      // The help's filter, while typed (`/` in help); otherwise a letter with no binding there.
      if (state.overlay?.kind === 'help' && state.overlay.typing) store.dispatch({ type: 'help/type', text });
      break;
    default:
      break;
  }
}

/**
 * The one `useInput` of the deck: a key press is looked up in the keymap for the current state;
 * otherwise text goes to whatever is being typed (search, command line, form field). A paste is
 * text only (src/ui/paste.ts).
 */
export function useInputRouter(ctx: HandlerContext, opts: { quitOnly?: boolean } = {}): void {
  const ref = useRef(ctx);
  ref.current = ctx;
  const only = useRef(opts.quitOnly);
  // Keys read just after the terminal grew back were typed at the notice, not at the deck now drawn
  // (a resize and the keys before it can be read in either order): they wait a question's moment.
  const grewAt = useRef(-Infinity);
  if (only.current && !opts.quitOnly) grewAt.current = Date.now();
  only.current = opts.quitOnly;
  const blind = () => only.current === true || Date.now() - grewAt.current < QUESTION_GUARD_MS;
  useInput((input, key) => {
    const c = ref.current;
    const { store } = c;
    // Nothing is on screen to act on (the terminal is too small): only quitting works.
    if (blind()) {
      const b = findBinding(store.getState(), input, key);
      if (b && (b.id === 'quit' || b.id === 'interrupt')) pressBinding(b, c);
      return;
    }
    let text = '';
    // Printable characters in a row go to a text field as one piece (one search update per paste).
    const flush = () => {
      if (text) routeKey(c, text, NO_KEY);
      text = '';
    };
    for (const k of splitKeys(input, key)) {
      const state = store.getState();
      const kind = modeOf(state).kind;
      const typing = kind === 'search' || kind === 'prompt' || kind === 'form' || (state.overlay?.kind === 'help' && state.overlay.typing === true);
      if (typing && !findBinding(state, k.input, k.key) && typedText(k.input, k.key) !== null) text += k.input;
      else {
        flush();
        routeKey(c, k.input, k.key);
      }
    }
    flush();
  });
  // Bracketed paste (Ink turns it on while this is mounted): a paste arrives here whole, never as
  // key presses, so its letters and newlines run no commands.
  usePaste((text) => {
    const c = ref.current;
    if (blind()) return;
    const action = pasteAction(c.store.getState(), text);
    if (action) c.store.dispatch(action);
  });
}
