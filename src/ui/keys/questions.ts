// Every yes/no question the deck asks, one entry each: what it asks (drawn and spoken) and what a
// yes and a no do; which answer is chosen and whether ←→ may choose are read from its state (one
// toggle: src/state/chrome/choose.ts). The frame, the spoken deck and the keys (y, n, Esc, Enter,
// ←→, Ctrl+C) read this table; nothing else switches over the kinds.
import { idText, resourceDef } from '../../domain';
import type { Action } from '../../state/actions';
import { choosesAnswer } from '../../state/chrome/choose';
import type { Question } from '../../state/mode';
import { sanitize } from '../../text/sanitize';
import { shortUrl } from '../../text/url';

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
  yes: Action;
  no: Action;
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
    yes: { type: 'delete/confirm' },
    no: { type: 'delete/cancel' },
  },
  'confirm-discard': {
    asked: () => ({ question: 'Discard your unsaved edits? (sitedeck stays open)', yesLabel: 'Discard' }),
    spoken: () => 'Discard your unsaved edits?',
    yes: { type: 'form/discard' },
    no: { type: 'discard/cancel' },
  },
  'confirm-stop': {
    asked: () => ({ question: STOP_QUESTION, yesLabel: 'Stop' }),
    spoken: () => STOP_QUESTION,
    yes: { type: 'bulk/stop' },
    no: { type: 'bulk/keep-going' },
  },
  'confirm-cover': {
    asked: (q) => ({ question: q.question, detail: q.detail, yesLabel: 'Create' }),
    spoken: (q) => `${sanitize(q.question)} ${sanitize(q.detail)}`,
    yes: { type: 'cover/confirm' },
    no: { type: 'cover/cancel' },
  },
  'confirm-bulk': {
    asked: (q) => ({ question: q.question, ...(q.detail ? { detail: q.detail } : {}), yesLabel: 'Yes' }),
    spoken: (q) => `${sanitize(q.question)}${q.detail ? ` ${sanitize(q.detail)}` : ''}`,
    yes: { type: 'bulk/confirm' },
    no: { type: 'bulk/cancel' },
  },
};

/** An open question's entry, with what its state says: whether Yes is chosen, and what ←→ does. */
interface OpenQuestion extends QuestionEntry<Question> {
  /** Whether Yes is the chosen answer (Enter answers it): No unless ←→ chose Yes. */
  chosen(q: Question): boolean;
  /** The one toggle, where the question offers the choice (src/state/chrome/choose.ts); none where Enter answers No. */
  toggle?: Action;
}

const TOGGLE: Action = { type: 'question/toggle' };
const isChosen = (q: Question): boolean => choosesAnswer(q) && q.yes === true;

/** The entry of an open question. */
export const questionEntry = (q: Question): OpenQuestion => ({ ...QUESTIONS[q.kind], chosen: isChosen, ...(choosesAnswer(q) ? { toggle: TOGGLE } : {}) });

/** What Enter answers: the chosen button's action. */
export const chosenAnswer = (q: Question): Action => {
  const e = questionEntry(q);
  return isChosen(q) ? e.yes : e.no;
};
