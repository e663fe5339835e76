// The chrome slice's reducer: the detail pane, the help, the messages, the `:` line and the flash.
import { selectedRecord } from '../selectors';
import { isQuestion } from '../mode';
import type { SliceReducer } from '../slice';
import { closeOverlay, openOverlay, pop, push, replaceTop, topScreen } from '../stack';
import { flash } from '../update';
import { keyRef } from '../keyRef';

export const chromeReducer: SliceReducer = (state, action) => {
  const top = topScreen(state);
  const over = state.overlay;
  switch (action.type) {
    case 'detail/open':
      return selectedRecord(state) && top.kind === 'list' ? push(state, { kind: 'detail', scroll: 0 }) : state;
    case 'detail/close':
      return top.kind === 'detail' ? pop(state) : state;
    case 'detail/scroll':
      return top.kind === 'detail' ? replaceTop(state, { kind: 'detail', scroll: Math.max(0, top.scroll + action.delta) }) : state;
    case 'pane/toggle': {
      const pane = state.pane === 'hidden' ? 'shown' : 'hidden';
      const text = pane === 'hidden' ? `detail pane hidden: the list takes the width (${keyRef('pane.toggle')} shows it; ${keyRef('detail.open')} opens a row's detail)` : `detail pane shown (${keyRef('pane.toggle')} hides it)`;
      return flash({ ...state, pane }, 'info', text);
    }
    case 'help/toggle':
      // Over whatever screen is shown: closing it shows that screen again, as it was.
      return over?.kind === 'help' ? closeOverlay(state) : openOverlay(state, { kind: 'help', page: 0 });
    case 'messages/toggle':
      return over?.kind === 'messages' ? closeOverlay(state) : openOverlay(state, { kind: 'messages', page: 0 });
    case 'changes/toggle':
      return over?.kind === 'messages' && over.of === 'changes' ? closeOverlay(state) : openOverlay(state, { kind: 'messages', page: 0, of: 'changes' });
    case 'messages/page':
      // The view clamps the page to what there is.
      return over?.kind === 'messages' ? openOverlay(state, { ...over, page: Math.max(0, over.page + action.delta) }) : state;
    case 'help/page':
      // Within the pages the view last drew (the keys' gate refuses a page past the last).
      return over?.kind === 'help' ? openOverlay(state, { ...over, page: Math.max(0, Math.min(state.drawn.helpPages ? state.drawn.helpPages - 1 : Infinity, over.page + action.delta)) }) : state;
    case 'help/find':
      return over?.kind === 'help' ? openOverlay(state, { ...over, page: 0, typing: true, filter: over.filter ?? '' }) : state;
    case 'help/type':
      return over?.kind === 'help' && over.typing ? openOverlay(state, { ...over, page: 0, filter: (over.filter ?? '') + action.text.replace(/[\r\n\t]/g, ' ') }) : state;
    case 'help/backspace':
      return over?.kind === 'help' && over.typing ? openOverlay(state, { ...over, page: 0, filter: Array.from(over.filter ?? '').slice(0, -1).join('') }) : state;
    case 'help/keep':
      return over?.kind === 'help' ? openOverlay(state, over.filter ? { kind: 'help', page: 0, filter: over.filter } : { kind: 'help', page: 0 }) : state;
    case 'help/clear':
      return over?.kind === 'help' ? openOverlay(state, { kind: 'help', page: 0 }) : state;
    case 'prompt/open':
      return openOverlay(state, { kind: 'prompt', text: '' });
    case 'prompt/input':
      return over?.kind === 'prompt' ? openOverlay(state, { kind: 'prompt', text: over.text + action.text.replace(/[\r\n\t]/g, ' '), ...(over.secret ? { secret: over.secret } : {}) }) : state;
    case 'prompt/backspace': {
      if (over?.kind !== 'prompt') return state;
      const chars = Array.from(over.text);
      chars.pop();
      return openOverlay(state, { kind: 'prompt', text: chars.join(''), ...(over.secret ? { secret: over.secret } : {}) });
    }
    case 'prompt/set':
      return over?.kind === 'prompt'
        ? openOverlay(state, { kind: 'prompt', text: action.text, ...(action.options?.length ? { options: action.options } : {}), ...(action.picked !== undefined ? { picked: action.picked } : {}) })
        : state;
    case 'prompt/pick': {
      if (over?.kind !== 'prompt' || !over.options?.length) return state;
      const { options, picked } = over;
      const i = (((picked ?? (action.delta > 0 ? -1 : 0)) + action.delta) % options.length + options.length) % options.length;
      const words = over.text.split(' ');
      words[words.length - 1] = options[i];
      return openOverlay(state, { kind: 'prompt', text: words.join(' '), options, picked: i });
    }
    case 'prompt/close':
      return closeOverlay(state, 'prompt');

    case 'view/drawn': {
      const next = { ...state.drawn, ...action.drawn };
      return JSON.stringify(next) === JSON.stringify(state.drawn) ? state : { ...state, drawn: next };
    }
    case 'question/arm':
      return isQuestion(over) && !over.armed ? openOverlay(state, { ...over, armed: true }) : state;
    case 'flash/show':
      return flash(state, action.kind, action.text);
    case 'flash/clear':
      return state.flash?.id === action.id ? { ...state, flash: null } : state;
    default:
      return null;
  }
};
