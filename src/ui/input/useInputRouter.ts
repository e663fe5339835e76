import { useInput, useIsScreenReaderEnabled, usePaste, type Key } from 'ink';
import { useRef } from 'react';
import type { HandlerContext } from '../keys/handlers';
import { disabledReason, findBinding, NO_KEY, refusal, splitKeys, typedAfterRefusal, typedText, type Binding } from '../keys/keymap';
import { pasteAction } from './paste';
import { typingText } from '../keys/textKeys';
import { unboundKey } from '../keys/keyRefusal';
import { actsWhenSmall } from '../layout/smallTerminal';
import { QUESTION_GUARD_MS } from '../../state/mode';
import { modeOf } from '../../state/stack';
import { BROWSED } from '../../keys/modes';

/** The screens a person browses, whose keys lead elsewhere (a form, the detail, a question): a refusal there holds the keys after it. */
const LEADS_FROM: ReadonlySet<string> = new Set(BROWSED);

/** A refusal just said: the keys read until `until` are dropped (`dropped` so far), and the flash says so after `said`. */
interface Held {
  until: number;
  said: string;
  dropped: number;
}

/**
 * A bound key does what its binding says, or, when the binding is disabled here, says why in the
 * flash line. Pure bindings dispatch their action; the rest run their effect.
 */
function pressBinding(b: Binding, ctx: HandlerContext): boolean {
  const state = ctx.store.getState();
  const reason = disabledReason(b, state);
  if (reason) {
    ctx.store.dispatch({ type: 'flash/show', kind: 'info', text: refusal(b, reason) });
    return true;
  }
  if (b.does.kind === 'action') {
    const action = b.does.make(state);
    if (action) ctx.store.dispatch(action);
  } else b.does.run({ ...ctx, state });
  return false;
}

/** One key press: its binding in the current state, else text for whatever is being typed. True when a bound key was refused. */
export function routeKey(ctx: HandlerContext, input: string, key: Key): boolean {
  const { store } = ctx;
  const state = store.getState();
  const binding = findBinding(state, input, key);
  if (binding) return pressBinding(binding, ctx);
  typeKey(ctx, input, key);
  return false;
}

/** A key no binding took: a refusal that says so, or text for what is being typed. */
function typeKey(ctx: HandlerContext, input: string, key: Key): void {
  const { store } = ctx;
  const state = store.getState();
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

/** What the router keeps from one input to the next: a refusal's hold on the keys after it. */
export interface RouterMemory {
  held: Held | null;
}

/**
 * One input as Ink hands it over (a key press, or keys read together): each key in turn through
 * the keymap, printable characters in a row to a text field as one piece. The deck's useInput
 * routes through it, and so do the keys typed before its first frame (src/ui/input/earlyKeys.ts).
 */
export function routeInput(c: HandlerContext, input: string, key: Key, memory: RouterMemory): void {
  const { store } = c;
  const quits = (b: Binding | undefined) => b !== undefined && (b.id === 'quit' || b.id === 'interrupt');
  if (memory.held && Date.now() >= memory.held.until) memory.held = null;
  const dropped = memory.held?.dropped ?? 0;
  let text = '';
  // Printable characters in a row go to a text field as one piece (one search update per paste).
  const flush = () => {
    if (text) routeKey(c, text, NO_KEY);
    text = '';
  };
  for (const k of splitKeys(input, key, { altKeys: typingText(store.getState()) })) {
    const hold = memory.held;
    if (hold && !quits(findBinding(store.getState(), k.input, k.key))) {
      hold.dropped++;
      continue;
    }
    const state = store.getState();
    const kind = modeOf(state).kind;
    const typing = kind === 'search' || kind === 'prompt' || kind === 'form' || (state.overlay?.kind === 'help' && state.overlay.typing === true);
    if (typing && !findBinding(state, k.input, k.key) && typedText(k.input, k.key) !== null) text += k.input;
    else {
      flush();
      // On a question the guard of its own drops what was typed ahead; the hold is for the screens a key leads from.
      if (routeKey(c, k.input, k.key) && LEADS_FROM.has(kind))
        memory.held = { until: Date.now() + QUESTION_GUARD_MS, said: store.getState().flash?.text ?? '', dropped: 0 };
    }
  }
  flush();
  const hold = memory.held;
  if (hold && hold.dropped > dropped) store.dispatch({ type: 'flash/show', kind: 'info', text: `${hold.said} · ${typedAfterRefusal(hold.dropped)}` });
}

/** A bracketed paste: text only, never key presses (src/ui/input/paste.ts). */
export function routePaste(c: HandlerContext, text: string): void {
  const action = pasteAction(c.store.getState(), text);
  if (action) c.store.dispatch(action);
}

/**
 * The one `useInput` of the deck: a key press is looked up in the keymap for the current state;
 * otherwise text goes to whatever is being typed (search, command line, form field). A paste is
 * text only (src/ui/input/paste.ts).
 */
export function useInputRouter(ctx: HandlerContext, opts: { quitOnly?: boolean; messagesUntilKey?: boolean } = {}): void {
  const ref = useRef(ctx);
  ref.current = ctx;
  const only = useRef(opts.quitOnly);
  // Keys read just after the terminal grew back were typed at the notice, not at the deck now drawn
  // (a resize and the keys before it can be read in either order): they wait a question's moment.
  const grewAt = useRef(-Infinity);
  if (only.current && !opts.quitOnly) grewAt.current = Date.now();
  only.current = opts.quitOnly;
  const blind = () => only.current === true || Date.now() - grewAt.current < QUESTION_GUARD_MS;
  // A refused key leaves the user where they were; keys typed after it, before its refusal could be
  // read (the rest of its burst, or within a question's moment), were meant for where it would have
  // led (an edit form's text, a detail's scrolling): dropped with a note, never taken by the screen behind.
  const memory = useRef<RouterMemory>({ held: null });
  // A screen reader's messages stay until the next key (Ink's own mode unless the caller says).
  const spoken = useIsScreenReaderEnabled();
  const untilKey = useRef(opts.messagesUntilKey ?? spoken);
  untilKey.current = opts.messagesUntilKey ?? spoken;
  useInput((input, key) => {
    const c = ref.current;
    const { store } = c;
    // A screen reader's message has no timer (messageTimes): read, it goes at the next key, before that key acts.
    const read = untilKey.current ? store.getState().flash : null;
    if (read) store.dispatch({ type: 'flash/clear', id: read.id });
    // Nothing is on screen to act on (the terminal is too small): only the keys its notice names act (src/ui/layout/smallTerminal.ts).
    if (blind()) {
      const b = findBinding(store.getState(), input, key);
      if (b && actsWhenSmall(b)) pressBinding(b, c);
      return;
    }
    routeInput(c, input, key, memory.current);
  });
  // Bracketed paste (Ink turns it on while this is mounted): a paste arrives here whole, never as
  // key presses, so its letters and newlines run no commands.
  usePaste((text) => {
    if (!blind()) routePaste(ref.current, text);
  });
}
