// What the keys do where text is typed or a question is asked: a search, the `:` line, the form,
// the questions, the help and the message log, and the one text field's and the one pager's keys
// wherever they apply (keyDoes.ts says what each part of a binding is).
import type { Action } from '../../state/actions';
import { focusedField, isLastField } from '../../state/formState';
import { auditRowCount } from '../../state/auditSource';
import { auditOf } from '../../state/stack';
import { isQuestion } from '../../state/mode';
import { keyRef } from '../../keys/keyRef';
import type { DeckState } from '../../state/types';
import { PAGER_MOTIONS, unpagedReason } from '../../keys/pager';
import type { PagerBindingId } from '../../keys/table';
import { TEXT_BINDING_IDS, type TextBindingId } from '../../keys/text';
import { act, effect, type Behaviours, type Gate } from './doing';
import { confirmYes, editInEditor } from './handlers';
import { completePrompt, loadedWords } from './promptCommands';
import { chosenAnswer, questionEntry } from './questions';
import { pagerEntry, pagerMode } from './pager';
import { TEXT_OPS, textAction, typingText } from './textKeys';

/** Enter moves on, and saves from the last field, except from a list field: there it is easily meant as "next value". */
function formEnter(s: DeckState): Action | null {
  if (!s.form) return null;
  const last = isLastField(s.form);
  if (last && focusedField(s.form)?.kind === 'lines') {
    return {
      type: 'flash/show',
      kind: 'info',
      text: `${keyRef('form.enter')} does not save from a list field: separate values with commas or spaces; ${keyRef('form.save')} saves`,
    };
  }
  return last ? { type: 'form/submit' } : { type: 'form/focus', delta: 1 };
}

/** No to whatever is asked: the dialog goes and nothing is sent. */
const answerNo = (s: DeckState): Action | null => (isQuestion(s.overlay) ? questionEntry(s.overlay).no : null);

export const TYPED_AHEAD = 'typed ahead, dropped: a question takes keys once it has been on screen a moment';
/** A question answers only keys pressed after it was on screen (QUESTION_GUARD_MS): the rest were typed ahead. */
const deliberate: Gate = (s) => (isQuestion(s.overlay) && !s.overlay.armed ? TYPED_AHEAD : null);

/** What the search being typed is on: the list, the Projects view or the Audit view's level. */
const searchOn = (s: DeckState) => (s.overlay?.kind === 'search' ? (s.overlay.on ?? 'list') : null);

/** ↓/↑ while typing a search: the rows it filters (the list's, the Projects view's or the Audit level's). */
function searchMove(s: DeckState, delta: number): Action {
  const on = searchOn(s);
  if (on === 'projects') return { type: 'projects/move', delta };
  return on === 'audit' ? { type: 'audit/move', delta, count: auditRowCount(s) } : { type: 'cursor/move', delta };
}

/** The search's text now (what ↑ recalls over). */
function searchNow(s: DeckState): string {
  const on = searchOn(s);
  if (on === 'projects') return s.projects.filter;
  return on === 'audit' ? (auditOf(s)?.filter ?? '') : (s.tabs[s.tab].query.search ?? '');
}

/** ↑ has taken an earlier search: ↓ goes forward again. */
const inRecall = (s: DeckState): boolean => s.overlay?.kind === 'search' && s.overlay.recall !== undefined;

/** A search just opened (nothing typed since `/`) or already going back through earlier searches: ↑ recalls. */
const recalling = (s: DeckState): boolean => {
  const o = s.overlay;
  if (o?.kind !== 'search' || !s.searches.length) return false;
  if (o.recall !== undefined) return true;
  return searchNow(s) === (o.before ?? '');
};

/** The help's filter is being typed: letters go to it. */
const helpTyping = (s: DeckState): boolean => s.overlay?.kind === 'help' && s.overlay.typing === true;
/** The help shows a filter, or one is being typed: Esc clears it first. */
const helpFiltered = (s: DeckState): boolean => s.overlay?.kind === 'help' && (s.overlay.typing === true || Boolean(s.overlay.filter));
/** The help's last page is shown. */
const helpAtEnd = (s: DeckState): boolean => s.overlay?.kind === 'help' && s.drawn.helpPages > 0 && s.overlay.page >= s.drawn.helpPages - 1;

/** The `:` line offers words to pick from (after Tab, or `v`'s saved views). */
const offered = (s: DeckState): boolean => s.overlay?.kind === 'prompt' && Boolean(s.overlay.options?.length);
const onChoice = (s: DeckState): boolean => Boolean(s.form) && focusedField(s.form!)?.kind === 'choice';
const fieldKind = (s: DeckState) => (s.form ? focusedField(s.form)?.kind : undefined);
const onList = (s: DeckState): boolean => fieldKind(s) === 'lines';

/** The text field's keys: while a text field has the keys. */
function textDoes(): Pick<Behaviours, TextBindingId> {
  const out = {} as { -readonly [Id in TextBindingId]: Behaviours[Id] };
  for (const id of TEXT_BINDING_IDS) out[id] = { when: typingText, does: act((s) => textAction(s, TEXT_OPS[id])) };
  return out;
}

/** The pager's motions, each on the views that take it from the pager; a view with nothing to page refuses them all, saying why. */
function pagerDoes(): Pick<Behaviours, PagerBindingId> {
  const out = {} as { -readonly [Id in PagerBindingId]: Behaviours[Id] };
  // Letters typed in a text field (a form's, the help's filter) are text.
  const notTyping = (s: DeckState) => !typingText(s);
  for (const m of PAGER_MOTIONS) {
    const entry = (s: DeckState) => pagerEntry(pagerMode(s), m);
    out[`pager.${m}`] = {
      when: notTyping,
      disabled: (s) => entry(s)?.gate?.(s) ?? null,
      does: effect((ctx) => {
        const does = entry(ctx.state)?.does;
        if (does?.kind === 'effect') return does.run(ctx);
        const action = does?.make(ctx.state);
        if (action) ctx.store.dispatch(action);
      }),
    };
  }
  out['pager.none'] = { when: notTyping, disabled: (s) => unpagedReason(pagerMode(s)), does: act(() => null) };
  return out;
}

export const TYPING_DOES = {
  'search.commit': { does: act({ type: 'search/commit' }) },
  'search.cancel': { does: act({ type: 'search/cancel' }) },
  'search.older': { when: recalling, does: act({ type: 'search/recall', dir: 1 }) },
  'search.newer': { when: inRecall, does: act({ type: 'search/recall', dir: -1 }) },
  'search.down': { when: (s) => !inRecall(s), does: act((s) => searchMove(s, 1)) },
  'search.up': { when: (s) => !recalling(s), does: act((s) => searchMove(s, -1)) },
  'prompt.cancel': { does: act({ type: 'prompt/close' }) },
  'prompt.complete': {
    does: effect((ctx) => {
      const o = ctx.state.overlay;
      // Offered words shown (after a Tab): Tab again takes each in turn, as a shell does.
      if (o?.kind === 'prompt' && o.options?.length) return ctx.store.dispatch({ type: 'prompt/pick', delta: 1 });
      if (o?.kind === 'prompt' && !o.secret)
        ctx.store.dispatch({ type: 'prompt/set', ...completePrompt(o.text, ctx.state.tab, loadedWords(ctx.state, ctx.views?.names())) });
    }),
  },
  'prompt.next': { when: offered, does: act({ type: 'prompt/pick', delta: 1 }) },
  'prompt.prev': { when: offered, does: act({ type: 'prompt/pick', delta: -1 }) },
  'prompt.first': { when: offered, does: act({ type: 'prompt/pick', delta: 0, to: 'first' }) },
  'prompt.last': { when: offered, does: act({ type: 'prompt/pick', delta: 0, to: 'last' }) },
  'form.prev': { does: act({ type: 'form/focus', delta: -1 }) },
  'form.next': { does: act({ type: 'form/focus', delta: 1 }) },
  'form.choiceNext': { when: onChoice, does: act({ type: 'form/choice', dir: 1 }) },
  'form.choicePrev': { when: onChoice, does: act({ type: 'form/choice', dir: -1 }) },
  'form.choiceFirst': { when: onChoice, does: act({ type: 'form/choice', dir: -1, to: 'first' }) },
  'form.choiceLast': { when: onChoice, does: act({ type: 'form/choice', dir: 1, to: 'last' }) },
  'form.save': { does: act({ type: 'form/submit' }) },
  'form.enter': { does: act(formEnter) },
  'form.cancel': { does: act({ type: 'form/cancel' }) },
  'form.editor': { when: onList, does: effect(editInEditor) },
  'confirm.yes': { disabled: deliberate, does: effect(confirmYes) },
  'confirm.no': { disabled: deliberate, does: act(answerNo) },
  'confirm.toggle': {
    when: (s) => isQuestion(s.overlay) && questionEntry(s.overlay).toggle !== undefined,
    disabled: deliberate,
    does: act((s) => (isQuestion(s.overlay) ? (questionEntry(s.overlay).toggle ?? null) : null)),
  },
  'confirm.enter': { disabled: deliberate, does: act((s) => (isQuestion(s.overlay) ? chosenAnswer(s.overlay) : null)) },
  'help.clear': { when: (s) => helpFiltered(s), does: act({ type: 'help/clear' }) },
  'help.keep': { when: helpTyping, does: act({ type: 'help/keep' }) },
  'help.close': { when: (s) => !helpTyping(s), does: act({ type: 'help/toggle' }) },
  'help.find': { when: (s) => !helpTyping(s), does: act({ type: 'help/find' }) },
  'help.next': {
    hint: (s) => (helpAtEnd(s) ? null : 'more'),
    when: (s) => !helpTyping(s),
    disabled: (s) => (helpAtEnd(s) ? 'this is the last page (every key is shown)' : null),
    does: act({ type: 'help/page', delta: 1 }),
  },
  'help.prev': {
    hint: (s) => (s.overlay?.kind === 'help' && s.overlay.page > 0 ? 'back' : null),
    when: (s) => !helpTyping(s),
    does: act({ type: 'help/page', delta: -1 }),
  },
  ...textDoes(),
  ...pagerDoes(),
} satisfies Partial<Behaviours>;
