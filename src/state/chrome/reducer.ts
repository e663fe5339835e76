// The chrome slice's reducer: the detail pane, the help, the messages, the `:` line and the flash.
import { selectedRecord } from '../selectors';
import type { SliceReducer } from '../slice';
import { flash } from '../update';

export const chromeReducer: SliceReducer = (state, action) => {
  switch (action.type) {
    case 'detail/open':
      return selectedRecord(state) ? { ...state, mode: { kind: 'detail', scroll: 0 } } : state;
    case 'detail/close':
      return state.mode.kind === 'detail' ? { ...state, mode: { kind: 'list' } } : state;
    case 'detail/scroll':
      return state.mode.kind === 'detail'
        ? { ...state, mode: { kind: 'detail', scroll: Math.max(0, state.mode.scroll + action.delta) } }
        : state;
    case 'help/toggle':
      if (state.mode.kind === 'help') return { ...state, mode: state.mode.from ?? { kind: 'list' } };
      return { ...state, mode: { kind: 'help', page: 0, ...(state.mode.kind === 'detail' ? { from: state.mode } : {}) } };
    case 'messages/toggle':
      return { ...state, mode: state.mode.kind === 'messages' ? { kind: 'list' } : { kind: 'messages', page: 0 } };
    case 'messages/page':
      // The view clamps the page to what there is.
      return state.mode.kind === 'messages' ? { ...state, mode: { kind: 'messages', page: Math.max(0, state.mode.page + action.delta) } } : state;
    case 'help/page':
      // The view clamps the page to what there is.
      return state.mode.kind === 'help' ? { ...state, mode: { ...state.mode, page: Math.max(0, state.mode.page + action.delta) } } : state;
    case 'prompt/open':
      return { ...state, mode: { kind: 'prompt', text: '' } };
    case 'prompt/input':
      return state.mode.kind === 'prompt'
        ? { ...state, mode: { kind: 'prompt', text: state.mode.text + action.text.replace(/[\r\n\t]/g, ' ') } }
        : state;
    case 'prompt/backspace': {
      if (state.mode.kind !== 'prompt') return state;
      const chars = Array.from(state.mode.text);
      chars.pop();
      return { ...state, mode: { kind: 'prompt', text: chars.join('') } };
    }
    case 'prompt/set':
      return state.mode.kind === 'prompt'
        ? { ...state, mode: { kind: 'prompt', text: action.text, ...(action.options?.length ? { options: action.options } : {}), ...(action.picked !== undefined ? { picked: action.picked } : {}) } }
        : state;
    case 'prompt/pick': {
      if (state.mode.kind !== 'prompt' || !state.mode.options?.length) return state;
      const { options, picked } = state.mode;
      const i = (((picked ?? (action.delta > 0 ? -1 : 0)) + action.delta) % options.length + options.length) % options.length;
      const words = state.mode.text.split(' ');
      words[words.length - 1] = options[i];
      return { ...state, mode: { kind: 'prompt', text: words.join(' '), options, picked: i } };
    }
    case 'prompt/close':
      return { ...state, mode: { kind: 'list' } };

    case 'flash/show':
      return flash(state, action.kind, action.text);
    case 'flash/clear':
      return state.flash?.id === action.id ? { ...state, flash: null } : state;
    default:
      return null;
  }
};
