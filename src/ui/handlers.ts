import { parseCommand } from '../state/commands';
import { focusedField, isDirty, isLastField } from '../state/formState';
import { recordName, selectedRecord } from '../state/selectors';
import type { Store } from '../state/store';
import type { Handlers } from './useInputRouter';
import { osc52 } from './clipboard';
import { sanitize } from '../text/sanitize';

export interface HandlerContext {
  store: Store;
  /** The one way out of the deck. */
  exit: (code: number) => void;
  /** Raw output to the terminal (OSC 52). */
  write: (data: string) => void;
  /** Edits text in $EDITOR; resolves with the new text, or null when cancelled/unavailable. */
  editText?: (text: string) => Promise<string | null>;
}

/** What each command of the keymap does. Side effects (exit, clipboard, editor) stay here at the edge. */
export function makeHandlers(ctx: HandlerContext): Handlers {
  const { store } = ctx;
  const d = store.dispatch;
  const s = () => store.getState();
  return {
    'cursor.down': () => d({ type: 'cursor/move', delta: 1 }),
    'cursor.up': () => d({ type: 'cursor/move', delta: -1 }),
    'cursor.first': () => d({ type: 'cursor/first' }),
    'cursor.last': () => d({ type: 'cursor/last' }),
    'page.next': () => d({ type: 'page/next' }),
    'page.prev': () => d({ type: 'page/prev' }),
    'tab.websites': () => d({ type: 'tab/select', tab: 'websites' }),
    'tab.reports': () => d({ type: 'tab/select', tab: 'reports' }),
    'tab.next': () => d({ type: 'tab/cycle', dir: 1 }),
    'tab.prev': () => d({ type: 'tab/cycle', dir: -1 }),
    'search.start': () => d({ type: 'search/start' }),
    'search.commit': () => d({ type: 'search/commit' }),
    'search.cancel': () => d({ type: 'search/cancel' }),
    'search.backspace': () => d({ type: 'search/backspace' }),
    'sort.next': () => d({ type: 'sort/next' }),
    'sort.reverse': () => d({ type: 'sort/reverse' }),
    'perPage.up': () => d({ type: 'perPage/cycle', dir: 1 }),
    'perPage.down': () => d({ type: 'perPage/cycle', dir: -1 }),
    'result.cycle': () => d({ type: 'result/cycle' }),
    'project.toggle': () => d({ type: 'project/toggle' }),
    'filters.clear': () => d({ type: 'filters/clear' }),
    'detail.open': () => d({ type: 'detail/open' }),
    'detail.close': () => d({ type: 'detail/close' }),
    'detail.down': () => d({ type: 'detail/scroll', delta: 1 }),
    'detail.up': () => d({ type: 'detail/scroll', delta: -1 }),
    'record.new': () => d({ type: 'form/new' }),
    'record.edit': () => d({ type: 'form/edit' }),
    'record.delete': () => d({ type: 'delete/ask' }),
    'report.rerun': () => d({ type: 'rerun/start' }),
    refresh: () => d({ type: 'refresh' }),
    copy: () => {
      const state = s();
      const record = selectedRecord(state);
      if (!record) return d({ type: 'flash/show', kind: 'info', text: 'Nothing selected to copy' });
      const name = recordName(state.tab, record);
      ctx.write(osc52(name));
      d({ type: 'flash/show', kind: 'success', text: `✓ copied ${sanitize(name)} (OSC 52)` });
    },
    'command.open': () => d({ type: 'command/open' }),
    'command.cancel': () => d({ type: 'command/close' }),
    'command.backspace': () => d({ type: 'command/backspace' }),
    'command.run': () => {
      const state = s();
      const text = state.mode.kind === 'command' ? state.mode.text : '';
      d({ type: 'command/close' });
      const result = parseCommand(text, state.tab);
      if (result.kind === 'quit') ctx.exit(0);
      else if (result.kind === 'error') d({ type: 'flash/show', kind: 'error', text: result.message });
      else for (const a of result.actions) d(a);
    },
    'help.toggle': () => d({ type: 'help/toggle' }),
    'help.next': () => d({ type: 'help/page', delta: 1 }),
    'help.prev': () => d({ type: 'help/page', delta: -1 }),
    quit: () => ctx.exit(0),
    interrupt: () => {
      const state = s();
      if (state.mode.kind === 'confirm-discard') return ctx.exit(130);
      if (state.form && isDirty(state.form)) return d({ type: 'discard/ask', then: 'quit' });
      ctx.exit(130);
    },
    'form.next': () => d({ type: 'form/focus', delta: 1 }),
    'form.prev': () => d({ type: 'form/focus', delta: -1 }),
    'form.choiceNext': () => d({ type: 'form/choice', dir: 1 }),
    'form.choicePrev': () => d({ type: 'form/choice', dir: -1 }),
    'form.save': () => d({ type: 'form/submit' }),
    'form.enter': () => {
      const form = s().form;
      if (form && isLastField(form)) d({ type: 'form/submit' });
      else d({ type: 'form/focus', delta: 1 });
    },
    'form.cancel': () => d({ type: 'form/cancel' }),
    'form.backspace': () => d({ type: 'form/backspace' }),
    'form.clearField': () => d({ type: 'form/clearField' }),
    'form.editor': () => {
      const form = s().form;
      if (!form || !ctx.editText) return d({ type: 'flash/show', kind: 'info', text: 'No $EDITOR here: type values separated by commas or spaces' });
      if (focusedField(form)?.kind !== 'lines') return d({ type: 'flash/show', kind: 'info', text: 'Ctrl+E edits a multi-line field (exclude params, exclude IPs)' });
      const name = form.focus;
      const value = String(form.values[name] ?? '');
      void ctx.editText(value.split(/,\s*/).filter(Boolean).join('\n')).then((text) => {
        if (text !== null) d({ type: 'form/set', name, value: text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean).join(', ') });
        else d({ type: 'flash/show', kind: 'info', text: 'Editor closed without saving: the field is unchanged' });
      });
    },
    'confirm.yes': () => {
      const m = s().mode;
      if (m.kind === 'confirm-delete') d({ type: 'delete/confirm' });
      else if (m.kind === 'confirm-discard') {
        if (m.then === 'quit') ctx.exit(130);
        else d({ type: 'form/discard' });
      }
    },
    'confirm.no': () => {
      const m = s().mode;
      if (m.kind === 'confirm-delete') d({ type: 'delete/cancel' });
      else d({ type: 'discard/cancel' });
    },
    'confirm.toggle': () => {
      if (s().mode.kind === 'confirm-delete') d({ type: 'delete/toggle' });
    },
    'confirm.enter': () => {
      const m = s().mode;
      if (m.kind === 'confirm-delete') d(m.yes ? { type: 'delete/confirm' } : { type: 'delete/cancel' });
      else d({ type: 'discard/cancel' });
    },
  };
}
