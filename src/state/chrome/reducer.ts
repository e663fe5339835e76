// The chrome slice's reducer: the detail pane, the help, the messages, the `:` line and the flash.
import { selectedRecord } from '../selectors';
import { isQuestion } from '../mode';
import { byCase, type ActionOf, type SliceReducer } from '../slice';
import type { DeckState } from '../types';
import { closeOverlay, openOverlay, pop, push, replaceTop, topScreen } from '../stack';
import { flash } from '../update';
import { keyRef } from '../../keys/keyRef';
import { questionToggle } from './choose';
import { undrawnDetail } from './state';
import { editOf, editText, oneLine, type TextOp } from '../textEdit';
import { movePick, narrowed, typeInPick } from '../picker';

function detailOpen(state: DeckState): DeckState {
  const top = topScreen(state);
  return selectedRecord(state) && top.kind === 'list' ? push({ ...state, drawn: undrawnDetail(state.drawn) }, { kind: 'detail', scroll: 0 }) : state;
}

function detailClose(state: DeckState): DeckState {
  const top = topScreen(state);
  return top.kind === 'detail' ? pop(state) : state;
}

function detailScroll(state: DeckState, action: ActionOf<'detail/scroll'>): DeckState {
  const top = topScreen(state);
  return top.kind === 'detail' ? replaceTop(state, { kind: 'detail', scroll: Math.max(0, top.scroll + action.delta) }) : state;
}

function paneToggle(state: DeckState): DeckState {
  const pane = state.pane === 'hidden' ? 'shown' : 'hidden';
  const text =
    pane === 'hidden'
      ? `detail pane hidden: the list takes the width (${keyRef('pane.toggle')} shows it; ${keyRef('detail.open')} opens a row's detail)`
      : `detail pane shown (${keyRef('pane.toggle')} hides it)`;
  return flash({ ...state, pane }, 'info', text);
}

function helpToggle(state: DeckState): DeckState {
  const over = state.overlay;
  // Over whatever screen is shown: closing it shows that screen again, as it was.
  return over?.kind === 'help' ? closeOverlay(state) : openOverlay(state, { kind: 'help', page: 0 });
}

function messagesToggle(state: DeckState): DeckState {
  const over = state.overlay;
  return over?.kind === 'messages' ? closeOverlay(state) : openOverlay(state, { kind: 'messages', page: 0 });
}

function changesToggle(state: DeckState): DeckState {
  const over = state.overlay;
  return over?.kind === 'messages' && over.of === 'changes' ? closeOverlay(state) : openOverlay(state, { kind: 'messages', page: 0, of: 'changes' });
}

function messagesPage(state: DeckState, action: ActionOf<'messages/page'>): DeckState {
  const over = state.overlay;
  // Within the pages the view last drew (until it is drawn, the view clamps).
  const last = state.drawn.messagePages ? state.drawn.messagePages - 1 : Infinity;
  return over?.kind === 'messages' ? openOverlay(state, { ...over, page: Math.max(0, Math.min(last, over.page + action.delta)) }) : state;
}

function helpPage(state: DeckState, action: ActionOf<'help/page'>): DeckState {
  const over = state.overlay;
  // Within the pages the view last drew (the keys' gate refuses a page past the last).
  return over?.kind === 'help'
    ? openOverlay(state, { ...over, page: Math.max(0, Math.min(state.drawn.helpPages ? state.drawn.helpPages - 1 : Infinity, over.page + action.delta)) })
    : state;
}

function helpFind(state: DeckState): DeckState {
  const over = state.overlay;
  return over?.kind === 'help' ? openOverlay(state, { ...over, page: 0, typing: true, filter: over.filter ?? '' }) : state;
}

/** Typed text or a key of the text field, at the filter's cursor (only while the filter is typed). */
function helpEdit(state: DeckState, op: TextOp): DeckState {
  const over = state.overlay;
  if (over?.kind !== 'help' || !over.typing) return state;
  const next = editText(editOf(over.filter ?? '', over.cursor), op);
  return openOverlay(state, { ...over, page: next.value === over.filter ? over.page : 0, filter: next.value, cursor: next.cursor });
}

function helpKeep(state: DeckState): DeckState {
  const over = state.overlay;
  return over?.kind === 'help' ? openOverlay(state, over.filter ? { kind: 'help', page: 0, filter: over.filter } : { kind: 'help', page: 0 }) : state;
}

function helpClear(state: DeckState): DeckState {
  const over = state.overlay;
  return over?.kind === 'help' ? openOverlay(state, { kind: 'help', page: 0 }) : state;
}

function promptOpen(state: DeckState): DeckState {
  return openOverlay(state, { kind: 'prompt', text: '' });
}

/** Typed text or a key of the text field, at the line's cursor: what Tab offered goes (it was for the line as it was). */
function promptEdit(state: DeckState, op: TextOp): DeckState {
  const over = state.overlay;
  if (over?.kind !== 'prompt') return state;
  const picking = over.options?.length ? pickerEdit(over, op) : null;
  if (picking) return openOverlay(state, picking);
  const next = editText(editOf(over.text, over.cursor), op);
  return openOverlay(state, { kind: 'prompt', text: next.value, cursor: next.cursor, ...(over.secret ? { secret: over.secret } : {}) });
}

type PromptOverlay = Extract<DeckState['overlay'], { kind: 'prompt' }>;

/** The line's last word set to `word` (the picker's value stands there, so Enter runs it). */
const withLastWord = (text: string, word: string): string => {
  const words = text.split(' ');
  words[words.length - 1] = word;
  return words.join(' ');
};

/**
 * A letter typed (or Backspace) while words are offered narrows the picker to the words that begin
 * with what was typed, the first picked (`f`, `b`: bad); a letter that matches none is the user's own text.
 */
function pickerEdit(over: PromptOverlay, op: TextOp): PromptOverlay | null {
  const ch = op.kind === 'insert' && Array.from(op.text).length === 1 && op.text !== ' ' ? op.text : op.kind === 'backspace' ? null : undefined;
  // Tab's offer is hidden by typing, as a shell's is: the picker opened on a value (`f`, `Y`, `v`) narrows.
  if (ch === undefined || over.picked === undefined) return null;
  const next = typeInPick({ options: over.options!, ...(over.typed !== undefined ? { typed: over.typed } : {}), picked: over.picked }, ch);
  if (!next) return null;
  const word = narrowed(next)[0];
  return { kind: 'prompt', text: withLastWord(over.text, word), options: next.options, typed: next.typed, picked: 0 };
}

function promptSet(state: DeckState, action: ActionOf<'prompt/set'>): DeckState {
  const over = state.overlay;
  return over?.kind === 'prompt'
    ? openOverlay(state, {
        kind: 'prompt',
        text: action.text,
        ...(action.options?.length ? { options: action.options } : {}),
        ...(action.picked !== undefined ? { picked: action.picked } : {}),
      })
    : state;
}

function promptPick(state: DeckState, action: ActionOf<'prompt/pick'>): DeckState {
  const over = state.overlay;
  const options = over?.kind === 'prompt' ? over.options : undefined;
  if (over?.kind !== 'prompt' || !options?.length) return state;
  const p = { ...over, options };
  const i = movePick(p, action.to ? { to: action.to } : { by: action.delta });
  const word = narrowed(p)[i];
  if (word === undefined) return state;
  const typed = over.typed !== undefined ? { typed: over.typed } : {};
  return openOverlay(state, { kind: 'prompt', text: withLastWord(over.text, word), options: over.options, ...typed, picked: i });
}

function promptClose(state: DeckState): DeckState {
  return closeOverlay(state, 'prompt');
}

function viewDrawn(state: DeckState, action: ActionOf<'view/drawn'>): DeckState {
  const next = { ...state.drawn, ...action.drawn };
  return JSON.stringify(next) === JSON.stringify(state.drawn) ? state : { ...state, drawn: next };
}

function questionArm(state: DeckState): DeckState {
  const over = state.overlay;
  return isQuestion(over) && !over.armed ? openOverlay(state, { ...over, armed: true }) : state;
}

function flashShow(state: DeckState, action: ActionOf<'flash/show'>): DeckState {
  return flash(state, action.kind, action.text);
}

function flashClear(state: DeckState, action: ActionOf<'flash/clear'>): DeckState {
  return state.flash?.id === action.id ? { ...state, flash: null } : state;
}

/** What each of the slice's actions decides. */
export const chromeReducer: SliceReducer = byCase({
  'detail/open': detailOpen,
  'detail/close': detailClose,
  'detail/scroll': detailScroll,
  'pane/toggle': paneToggle,
  'help/toggle': helpToggle,
  'messages/toggle': messagesToggle,
  'changes/toggle': changesToggle,
  'messages/page': messagesPage,
  'help/page': helpPage,
  'help/find': helpFind,
  'help/type': (state, action) => helpEdit(state, { kind: 'insert', text: oneLine(action.text, ' ') }),
  'help/edit': (state, action) => helpEdit(state, action.op),
  'help/keep': helpKeep,
  'help/clear': helpClear,
  'prompt/open': promptOpen,
  'prompt/input': (state, action) => promptEdit(state, { kind: 'insert', text: oneLine(action.text, ' ') }),
  'prompt/edit': (state, action) => promptEdit(state, action.op),
  'prompt/set': promptSet,
  'prompt/pick': promptPick,
  'prompt/close': promptClose,
  'view/drawn': viewDrawn,
  'question/arm': questionArm,
  'question/toggle': questionToggle,
  'flash/show': flashShow,
  'flash/clear': flashClear,
});
