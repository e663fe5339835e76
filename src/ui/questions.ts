// Every yes/no question the deck asks, one entry each: what it asks (drawn and spoken), which
// answer is chosen, what a yes and a no do, and whether ←→ may choose. The frame, the spoken deck
// and the keys (y, n, Esc, Enter, ←→, Ctrl+C) read this table; nothing else switches over the kinds.
import { idText, resourceDef } from '../domain';
import type { Action } from '../state/actions';
import type { Question } from '../state/mode';
import { sanitize } from '../text/sanitize';
import { shortUrl } from '../text/url';

/** What Ctrl+C asks during a run over marked rows, drawn and spoken. */
const STOP_QUESTION = 'Stop the run over marked rows after the request in flight?';

/** A question as the frame draws it at a width. */
interface Asked {
  question: string;
  /** What a yes does beyond the question, on a line of its own. */
  detail?: string;
  /** The Yes button's word. */
  yesLabel: string;
}

interface QuestionEntry<Q extends Question> {
  /** The question at `width` columns (a long name cut in the middle to fit). */
  asked(q: Q, width: number): Asked;
  /** The question in words, whole (sanitized), as a screen reader hears it. */
  spoken(q: Q): string;
  /** Whether Yes is the chosen answer (Enter answers it); No unless ←→ chose Yes. */
  chosen(q: Q): boolean;
  yes: Action;
  no: Action;
  /** What ←→ does; none where Yes is never chosen by a key (Enter answers No). */
  toggle?: Action;
}

type Entries = { readonly [K in Question['kind']]: QuestionEntry<Extract<Question, { kind: K }>> };

export const QUESTIONS: Entries = {
  'confirm-delete': {
    // One row is named in full: its id and its domain or URL (cut in the middle to fit), so two reports of one URL differ.
    asked: (q, width) => ({
      question: q.ids ? `Delete ${q.name}?` : `Delete ${resourceDef(q.tab).singular} ${shortUrl(q.name, Math.max(12, width - 40))} (id ${idText(q.id)})?`,
      yesLabel: 'Delete',
    }),
    spoken: (q) => `Delete ${q.ids ? sanitize(q.name) : `${resourceDef(q.tab).singular} ${sanitize(q.name)}, id ${idText(q.id)}`}?`,
    chosen: (q) => q.yes,
    yes: { type: 'delete/confirm' },
    no: { type: 'delete/cancel' },
    toggle: { type: 'delete/toggle' },
  },
  'confirm-discard': {
    asked: () => ({ question: 'Discard your unsaved edits? (sitedeck stays open)', yesLabel: 'Discard' }),
    spoken: () => 'Discard your unsaved edits?',
    chosen: () => false,
    yes: { type: 'form/discard' },
    no: { type: 'discard/cancel' },
  },
  'confirm-stop': {
    asked: () => ({ question: STOP_QUESTION, yesLabel: 'Stop' }),
    spoken: () => STOP_QUESTION,
    chosen: () => false,
    yes: { type: 'bulk/stop' },
    no: { type: 'bulk/keep-going' },
  },
  'confirm-cover': {
    asked: (q) => ({ question: q.question, detail: q.detail, yesLabel: 'Create' }),
    spoken: (q) => `${sanitize(q.question)} ${sanitize(q.detail)}`,
    chosen: (q) => q.yes,
    yes: { type: 'cover/confirm' },
    no: { type: 'cover/cancel' },
    toggle: { type: 'cover/toggle' },
  },
  'confirm-bulk': {
    asked: (q) => ({ question: q.question, ...(q.detail ? { detail: q.detail } : {}), yesLabel: 'Yes' }),
    spoken: (q) => `${sanitize(q.question)}${q.detail ? ` ${sanitize(q.detail)}` : ''}`,
    chosen: (q) => q.yes === true,
    yes: { type: 'bulk/confirm' },
    no: { type: 'bulk/cancel' },
    toggle: { type: 'bulk/toggle' },
  },
};

/** The entry of an open question. */
export const questionEntry = (q: Question): QuestionEntry<Question> => QUESTIONS[q.kind];

/** What Enter answers: the chosen button's action. */
export const chosenAnswer = (q: Question): Action => {
  const e = questionEntry(q);
  return e.chosen(q) ? e.yes : e.no;
};
