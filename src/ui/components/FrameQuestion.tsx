import { isQuestion, type Overlay, type Question } from '../../state/mode';
import { questionEntry } from '../keys/questions';
import { ConfirmDialog } from './ConfirmDialog';

/** The rows a yes/no question takes under a screen's body (its border, the question, the buttons); a detail takes one more. */
const QUESTION_ROWS = 4;

/** What a yes does beyond the question (an undo's requests, what changed on the host), when the question says more. */
const questionDetail = (q: Question): string | undefined => questionEntry(q).asked(q, Infinity).detail;

/**
 * The open yes/no question, under whatever screen is open (a list, a form, Projects, the Audit
 * view): a question asked where it is not drawn is answered blind (an undo whose reading of the host
 * ended after a form opened asks over the form). The frame draws it under the screen's body.
 */
export function FrameQuestion({
  overlay,
  width,
  words = (t) => t,
}: {
  overlay: Overlay | null;
  width: number;
  /** Spells the keys a question names. */ words?: (text: string) => string;
}) {
  if (!isQuestion(overlay)) return null;
  const entry = questionEntry(overlay);
  const { question, detail, yesLabel } = entry.asked(overlay, width);
  return (
    <ConfirmDialog
      question={words(question)}
      detail={detail === undefined ? undefined : words(detail)}
      yes={entry.chosen(overlay)}
      yesLabel={yesLabel}
      width={width}
      armed={overlay.armed === true}
    />
  );
}

/** The rows FrameQuestion takes from the body. */
export const frameQuestionRows = (overlay: Overlay | null): number => (!isQuestion(overlay) ? 0 : QUESTION_ROWS + (questionDetail(overlay) ? 1 : 0));
