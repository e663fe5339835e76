// The spoken deck as parts the writer (./writer.ts) compares from one state to the next: which
// screen (entered: said whole), where you are in parts, what is on its way, the body's lines, the
// question, the text field being typed, the `:` line's offers, the flash and the keys. Pure.
import { topScreen } from '../../state/stack';
import type { DeckState } from '../../state/types';
import { marksOf } from './marks';
import { spokenDeckParts, type SpokenContext } from './deck';
import { spokenDialog } from './dialogs';
import { fieldOf, type FieldView } from './field';
import { asText } from './line';
import { isQuestion } from '../../state/mode';

export interface SpokenView {
  /** The screen said whole when it is entered: the top screen (its tab, level, record, form) or the help or messages over it. */
  screen: string;
  /** Where you are, in its parts (`Websites`, `tab 1 of 3`, `40 websites`, …). */
  place: readonly string[];
  wait: string | null;
  body: readonly string[];
  /** The detail's line the scroll stands on (j/k in the detail), when one is open. */
  scrolled: { at: number; of: number; text: string } | null;
  /** The open question, said only once it takes answers. */
  question: { text: string; armed: boolean } | null;
  field: FieldView | null;
  /** The `:` line's whole line (said when it opens) and what Tab offers (said when it changes). */
  prompt: { line: string; offered: string | null } | null;
  flash: { id: number; text: string; progress: boolean } | null;
  keys: string;
  /** The marked rows of the screen's list, by name, for Space's words. */
  marks: { list: string; names: ReadonlyMap<string, string> };
  overlay: string | null;
  /** A run over marked rows is under way: its marks go one by one, said by its count, not a row at a time. */
  running: boolean;
}

function screenId(state: DeckState): string {
  const o = state.overlay?.kind;
  const top = topScreen(state);
  const over = o === 'help' || o === 'messages' ? `/${o}` : '';
  switch (top.kind) {
    case 'list':
      return `list:${state.tab}${over}`;
    case 'detail':
      return `detail:${state.tab}:${String(state.tabs[state.tab].data?.items[state.tabs[state.tab].cursor]?.id ?? '')}${over}`;
    case 'form':
      return `form:${state.form?.op ?? ''}:${String(state.form?.id ?? '')}${over}`;
    case 'audit':
      return `audit:${top.audit.level}:${top.audit.check ?? ''}:${String(top.audit.reportId ?? '')}${over}`;
    default:
      return `${top.kind}${over}`;
  }
}

export function spokenView(state: DeckState, ctx: SpokenContext): SpokenView {
  const parts = spokenDeckParts(state, ctx);
  const q = isQuestion(state.overlay) ? spokenDialog(state) : null;
  const top = topScreen(state);
  let scrolled: SpokenView['scrolled'] = null;
  if (top.kind === 'detail' && parts.detail.length) {
    const at = Math.min(top.scroll, parts.detail.length - 1);
    scrolled = { at, of: parts.detail.length, text: parts.detail[at] };
  }
  return {
    screen: screenId(state),
    place: parts.place,
    wait: parts.wait,
    body: parts.body.map(asText),
    scrolled,
    question: q && isQuestion(state.overlay) ? { text: q, armed: state.overlay.armed === true } : null,
    field: fieldOf(state),
    prompt: parts.prompt,
    flash: state.flash ? { id: state.flash.id, text: parts.flash ?? '', progress: state.flash.about === 'progress' } : null,
    keys: parts.keys,
    marks: marksOf(state),
    overlay: state.overlay?.kind ?? null,
    running: state.bulk !== null,
  };
}
