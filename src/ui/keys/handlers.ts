import type { ViewStore } from '../../config/views';
import { describeView, viewOf } from '../../domain/views';
import { parsePrompt, type ViewCommand } from './promptCommands';
import { resourceDef, validateWrite } from '../../domain';
import type { SecretAsk } from '../../state/mode';
import { focusedField } from '../../state/formState';
import { linkOf } from '../../state/selectors';
import { sanitize } from '../../text/sanitize';
import { recordInView, rowNamed, type InView } from '../../state/inView';
import { COPY_VALUES, copyValue, type CopyValue } from '../words/copyValues';
import type { Store } from '../../state/store';
import type { DeckState } from '../../state/types';
import type { OpenLink } from '../outside/browser';
import { copyToClipboard, type Copied } from '../outside/clipboard';
import { describeError } from '../../api/makeError';
import { modeOf, topScreen } from '../../state/stack';
import { keyRef } from '../../keys/keyRef';
import { EXIT } from '../../domain/exitCodes';
import { questionEntry } from './questions';
import { isQuestion } from '../../state/mode';

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
  /** Edits text in $EDITOR: the text edited; null when the editor failed or quit with an error; undefined when one was open already. */
  editText?: (text: string) => Promise<string | null | undefined>;
  /** The profile's saved views (`:view`, `v`). */
  views?: ViewStore;
  /** Opens a link in the browser (tests record it; the deck starts $BROWSER or the platform's opener, src/ui/start/mount.tsx). */
  open?: OpenLink;
}

/** What an effect sees: the context and the state at the key press. */
export interface KeyContext extends HandlerContext {
  state: DeckState;
}

const say = (ctx: KeyContext, kind: 'success' | 'error', text: string) => ctx.store.dispatch({ type: 'flash/show', kind, text });

/** `y`: the row's name (a website's domain, a report's URL), what `/` finds it by. */
export function copySelected(ctx: KeyContext): void {
  copyChosen(ctx, 'name');
}

/** `Y`: the `:` line as a picker of the values to copy (`:copy name`), the name picked first. */
export function pickCopy(ctx: KeyContext): void {
  ctx.store.dispatch({ type: 'prompt/open' });
  ctx.store.dispatch({ type: 'prompt/set', text: 'copy name', options: COPY_VALUES, picked: COPY_VALUES.indexOf('name') });
}

/** `:copy WHAT`: one value of the row (or the Audit view's page), copied the one safe way. */
function copyChosen(ctx: KeyContext, what: CopyValue): void {
  const shown = recordInView(ctx.state);
  if (!shown) return say(ctx, 'error', 'Not copied: nothing selected');
  const value = copyValue(shown.tab, shown.record, what);
  if (!value.ok) return say(ctx, 'error', `Not copied: ${value.why}`);
  copyText(ctx, value.text);
}

function copyText(ctx: KeyContext, text: string, before = ''): void {
  const copy = ctx.copy ?? ((t: string) => copyToClipboard(t, {}, { write: ctx.write, loadTmuxBuffer: () => 'failed' }));
  const done = copy(text);
  // One glyph a message: after a lead-in the copy's own ✓ would be a second.
  ctx.store.dispatch({ type: 'flash/show', kind: done.ok ? 'success' : 'error', text: before ? before + done.text.replace(/^[✓✗]\s*/, '') : done.text });
}

/** Without an opener given (a view with no terminal of its own) nothing opens: the link is copied instead. */
const noBrowser: OpenLink = () => ({ ok: false, why: 'no browser here' });

/**
 * `o`, `:open`: the row's page or website in the browser, a web link only; with no display, or an
 * opener that did not start, copied instead (said). An opener that fails after starting says so.
 */
export function openSelected(ctx: KeyContext, shown: InView | null = recordInView(ctx.state)): void {
  if (!shown) return say(ctx, 'error', 'Not opened: nothing selected');
  const link = linkOf(shown.tab, shown.record);
  if (!link.ok) return say(ctx, 'error', `Not opened: ${link.why}`);
  const failed = (why: string) => say(ctx, 'error', `✗ ${link.href} was not opened: ${why}`);
  // The key returns at once; the answer is a message (opening never rejects: a failure is `opened.ok` false).
  void Promise.resolve((ctx.open ?? noBrowser)(link.href, failed)).then((opened) => {
    if (opened.ok) say(ctx, 'success', `Opened ${link.href} with ${opened.how}`);
    else copyText(ctx, link.link, `Not opened (${opened.why}): `);
  });
}

export function runPrompt(ctx: KeyContext): void {
  const { state, store } = ctx;
  const text = state.overlay?.kind === 'prompt' ? state.overlay.text : '';
  const secret = state.overlay?.kind === 'prompt' ? state.overlay.secret : undefined;
  store.dispatch({ type: 'prompt/close' });
  if (secret) return runSecret(ctx, secret, text);
  const result = parsePrompt(text, state.tab);
  if (result.kind === 'quit') ctx.exit(EXIT.ok);
  else if (result.kind === 'error') store.dispatch({ type: 'flash/show', kind: 'error', text: result.message });
  else if (result.kind === 'view') runView(ctx, result.command);
  else if (result.kind === 'open') {
    const now = store.getState();
    if (result.name === undefined) openSelected({ ...ctx, state: now });
    else {
      const row = rowNamed(now, result.name);
      if (row) openSelected({ ...ctx, state: now }, row);
      else say({ ...ctx, state: now }, 'error', `Not opened: no row named ${sanitize(result.name)} among the rows shown`);
    }
  } else if (result.kind === 'copy') copyChosen({ ...ctx, state: store.getState() }, result.what);
  else {
    // A change to marked rows with none marked acts on the cursor row, as `d` and `R` do: the row is
    // marked for it, so the change asks the one question of a change to marked rows (its counts, read from the host).
    const onRow = result.actions.some((a) => a.type === 'bulk/update') && !state.marked[state.tab].length;
    if (onRow && !state.readOnly) store.dispatch({ type: 'mark/toggle' });
    for (const a of result.actions) store.dispatch(a);
  }
}

/**
 * The password a change to marked rows asked for: checked as the edit form checks a site with no
 * password yet (so none is ever set to Password without one), then the change goes on with it.
 */
function runSecret(ctx: KeyContext, secret: SecretAsk, text: string): void {
  const def = resourceDef(ctx.state.tab);
  const checked = validateWrite(def, 'update', { ...secret.values, password: text }, { secretSet: false });
  if (!checked.ok)
    return ctx.store.dispatch({
      type: 'flash/show',
      kind: 'error',
      text: `${secret.what}: ${Object.values(checked.errors).flat().join('; ')} Nothing was sent.`,
    });
  ctx.store.dispatch({ type: 'bulk/update', values: checked.values, what: secret.what });
}

/** `:view …`: the profile's saved views (written to its config file; the demo keeps them in memory). */
function runView(ctx: KeyContext, command: ViewCommand): void {
  const { state, store, views } = ctx;
  const say = (kind: 'info' | 'success' | 'error', text: string) => store.dispatch({ type: 'flash/show', kind, text });
  if (!views) return say('error', 'Saved views need a profile');
  try {
    switch (command.kind) {
      case 'list': {
        const names = views.names();
        return say(
          'info',
          names.length
            ? `Views: ${names.join(', ')} (:view NAME, or v)`
            : "No saved views yet: :view save NAME keeps this tab's search, filters, sort and page size",
        );
      }
      case 'save': {
        const view = viewOf(state.tab, state.tabs[state.tab].query);
        views.save(command.name, view);
        return say('success', `Saved view ${command.name}: ${describeView(view)}`);
      }
      case 'delete':
        return views.remove(command.name)
          ? say('success', `Deleted view ${command.name}`)
          : say('error', `No view "${command.name}" (views: ${views.names().join(', ') || 'none'})`);
      case 'apply': {
        const found = views.get(command.name);
        if (!found) return say('error', `No view "${command.name}" (views: ${views.names().join(', ') || 'none'})`);
        if (!found.ok) return say('error', found.error);
        return store.dispatch({ type: 'view/apply', name: command.name, view: found.view });
      }
    }
  } catch (e) {
    // The config file could not be written (permissions, a full disk): nothing else changed.
    say('error', `Could not write the config file: ${(e as Error).message}`);
  }
}

/** `v`: the `:` line set to `view `, the saved names shown under it to pick from. */
export function pickView(ctx: KeyContext): void {
  const names = ctx.views?.names() ?? [];
  if (!names.length)
    return ctx.store.dispatch({
      type: 'flash/show',
      kind: 'info',
      text: "No saved views yet: :view save NAME keeps this tab's search, filters, sort and page size",
    });
  ctx.store.dispatch({ type: 'prompt/open' });
  ctx.store.dispatch({ type: 'prompt/set', text: `view ${names[0]}`, options: names, picked: 0 });
}

export function quit(ctx: KeyContext): void {
  ctx.exit(EXIT.ok);
}

/**
 * Ctrl+C means what the screen says: in something being typed (search, command line, form) it
 * cancels that as Esc does (a form with edits asks first); in a question it answers No; in a list,
 * the detail or the help it quits.
 */
export function interrupt(ctx: KeyContext): void {
  const { state } = ctx;
  const d = ctx.store.dispatch;
  // A run over marked rows: Ctrl+C asks whether to stop it after the request in flight (again
  // while asking: yes); once it is stopping, Ctrl+C quits.
  if (state.bulk && !state.bulk.stopping) return d({ type: state.overlay?.kind === 'confirm-stop' ? 'bulk/stop' : 'bulk/ask-stop' });
  // A cover's run: stopped after the request in flight (once stopping, Ctrl+C quits).
  if (state.cover.phase === 'running') return d({ type: 'cover/stop' });
  // In a question: its No (the question table's).
  if (isQuestion(state.overlay)) return d(questionEntry(state.overlay).no);
  switch (modeOf(state).kind) {
    case 'search':
      return d({ type: 'search/cancel' });
    case 'prompt':
      return d({ type: 'prompt/close' });
    case 'form':
      return d({ type: 'form/cancel' });
    default:
      ctx.exit(EXIT.interrupted);
  }
}

export function confirmYes(ctx: KeyContext): void {
  const q = ctx.state.overlay;
  if (isQuestion(q)) ctx.store.dispatch(questionEntry(q).yes);
}

export function editInEditor(ctx: KeyContext): void {
  const d = ctx.store.dispatch;
  const form = ctx.state.form;
  if (!form || !ctx.editText) return d({ type: 'flash/show', kind: 'info', text: 'No $EDITOR here: type values separated by commas or spaces' });
  if (focusedField(form)?.kind !== 'lines')
    return d({ type: 'flash/show', kind: 'info', text: `${keyRef('form.editor')} edits a multi-line field (exclude params, exclude IPs)` });
  const name = form.focus;
  const value = String(form.values[name] ?? '');
  // The key returns at once; the editor's text or failure arrives as an action (both outcomes handled below).
  void ctx.editText(value.split(/,\s*/).filter(Boolean).join('\n')).then(
    (text) => {
      if (text === undefined) return;
      if (text !== null)
        d({
          type: 'form/set',
          name,
          value: text
            .split(/\r?\n/)
            .map((l) => l.trim())
            .filter(Boolean)
            .join(', '),
        });
      else d({ type: 'flash/show', kind: 'info', text: 'Editor closed without saving: the field is unchanged' });
    },
    (e: unknown) => d({ type: 'flash/show', kind: 'error', text: `The editor did not open (${describeError(e)}): the field is unchanged` }),
  );
}

/**
 * Scrolls the open detail by `by` lines ('page' and 'end' as drawn), never past its ends, so the
 * way back is as long as the way there.
 */
export function scrollDetail(ctx: KeyContext, by: number | 'pageDown' | 'pageUp' | 'top' | 'bottom'): void {
  const { state } = ctx;
  const top = topScreen(state);
  if (top.kind !== 'detail' || state.overlay) return;
  const now = Math.min(top.scroll, state.drawn.detail.maxTop);
  const step =
    by === 'pageDown'
      ? state.drawn.detail.page
      : by === 'pageUp'
        ? -state.drawn.detail.page
        : by === 'top'
          ? -now
          : by === 'bottom'
            ? state.drawn.detail.maxTop - now
            : by;
  const to = Math.max(0, Math.min(state.drawn.detail.maxTop, now + step));
  if (to !== top.scroll) ctx.store.dispatch({ type: 'detail/scroll', delta: to - top.scroll });
}
