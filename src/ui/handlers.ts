import { parsePrompt } from '../state/prompt';
import { focusedField, isDirty } from '../state/formState';
import { recordName, selectedRecord } from '../state/selectors';
import type { Store } from '../state/store';
import type { DeckState } from '../state/types';
import { copyToClipboard, type Copied } from './clipboard';

// The few keys whose work is more than an action: exit, clipboard, $EDITOR, running the `:` line.
// Everything else a key does is a pure action creator in keymap.ts.

export interface HandlerContext {
  store: Store;
  /** The one way out of the deck. */
  exit: (code: number) => void;
  /** Raw output to the terminal (OSC 52). */
  write: (data: string) => void;
  /** Copies text where the deck runs (tmux, screen, terminal); without it, a plain OSC 52 through `write`. */
  copy?: (text: string) => Copied;
  /** Edits text in $EDITOR; resolves with the new text, or null when cancelled/unavailable. */
  editText?: (text: string) => Promise<string | null>;
}

/** What an effect sees: the context and the state at the key press. */
export interface KeyContext extends HandlerContext {
  state: DeckState;
}

export function copySelected(ctx: KeyContext): void {
  const record = selectedRecord(ctx.state);
  if (!record) return; // the keymap refuses `y` with nothing selected
  const name = recordName(ctx.state.tab, record);
  const copy = ctx.copy ?? ((text: string) => copyToClipboard(text, {}, { write: ctx.write, loadTmuxBuffer: () => 'failed' }));
  const done = copy(name);
  ctx.store.dispatch({ type: 'flash/show', kind: done.ok ? 'success' : 'error', text: done.text });
}

export function runPrompt(ctx: KeyContext): void {
  const { state, store } = ctx;
  const text = state.mode.kind === 'prompt' ? state.mode.text : '';
  store.dispatch({ type: 'prompt/close' });
  const result = parsePrompt(text, state.tab);
  if (result.kind === 'quit') ctx.exit(0);
  else if (result.kind === 'error') store.dispatch({ type: 'flash/show', kind: 'error', text: result.message });
  else for (const a of result.actions) store.dispatch(a);
}

export function quit(ctx: KeyContext): void {
  ctx.exit(0);
}

export function interrupt(ctx: KeyContext): void {
  const { state } = ctx;
  if (state.mode.kind === 'confirm-discard') return ctx.exit(130);
  if (state.form && isDirty(state.form)) return ctx.store.dispatch({ type: 'discard/ask', then: 'quit' });
  ctx.exit(130);
}

export function confirmYes(ctx: KeyContext): void {
  const m = ctx.state.mode;
  if (m.kind === 'confirm-delete') ctx.store.dispatch({ type: 'delete/confirm' });
  else if (m.kind === 'confirm-discard') {
    if (m.then === 'quit') ctx.exit(130);
    else ctx.store.dispatch({ type: 'form/discard' });
  }
}

export function editInEditor(ctx: KeyContext): void {
  const d = ctx.store.dispatch;
  const form = ctx.state.form;
  if (!form || !ctx.editText) return d({ type: 'flash/show', kind: 'info', text: 'No $EDITOR here: type values separated by commas or spaces' });
  if (focusedField(form)?.kind !== 'lines') return d({ type: 'flash/show', kind: 'info', text: 'Ctrl+E edits a multi-line field (exclude params, exclude IPs)' });
  const name = form.focus;
  const value = String(form.values[name] ?? '');
  void ctx.editText(value.split(/,\s*/).filter(Boolean).join('\n')).then((text) => {
    if (text !== null) d({ type: 'form/set', name, value: text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean).join(', ') });
    else d({ type: 'flash/show', kind: 'info', text: 'Editor closed without saving: the field is unchanged' });
  });
}
