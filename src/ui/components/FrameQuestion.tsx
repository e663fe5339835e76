import { idText, resourceDef } from '../../domain';
import { isQuestion, type Overlay, type Question } from '../../state/mode';
import { shortUrl } from '../../text/url';
import { STOP_QUESTION } from '../spoken/dialogs';
import { ConfirmDialog } from './ConfirmDialog';

/** The rows a yes/no question takes under a screen's body (its border, the question, the buttons); a detail takes one more. */
export const QUESTION_ROWS = 4;

/** What a yes does beyond the question (an undo's requests, what changed on the host), when the question says more. */
export const questionDetail = (q: Question): string | undefined => (q.kind === 'confirm-bulk' ? q.detail : undefined);

/** What a question asks on screen at `width`, what a yes does beyond it, its Yes button's word, and which button is chosen. */
function asked(q: Question, width: number): { question: string; detail?: string; yesLabel: string; yes: boolean } {
  switch (q.kind) {
    case 'confirm-delete':
      // One row is named in full: its id and its domain or URL (cut in the middle to fit), so two reports of one URL differ.
      return {
        question: q.ids ? `Delete ${q.name}?` : `Delete ${resourceDef(q.tab).singular} ${shortUrl(q.name, Math.max(12, width - 40))} (id ${idText(q.id)})?`,
        yesLabel: 'Delete',
        yes: q.yes,
      };
    case 'confirm-discard':
      return { question: 'Discard your unsaved edits? (sitedeck stays open)', yesLabel: 'Discard', yes: false };
    case 'confirm-stop':
      return { question: STOP_QUESTION, yesLabel: 'Stop', yes: false };
    case 'confirm-bulk':
      return { question: q.question, detail: questionDetail(q), yesLabel: 'Yes', yes: q.yes === true };
  }
}

/**
 * The open yes/no question, under whatever screen is open (a list, a form, Projects, the Audit
 * view): a question asked where it is not drawn is answered blind (an undo whose reading of the host
 * ended after a form opened asks over the form). The frame draws it under the screen's body.
 */
export function FrameQuestion({ overlay, width, words = (t) => t }: { overlay: Overlay | null; width: number; /** Spells the keys a question names. */ words?: (text: string) => string }) {
  if (!isQuestion(overlay)) return null;
  const { question, detail, yesLabel, yes } = asked(overlay, width);
  return <ConfirmDialog question={words(question)} detail={detail === undefined ? undefined : words(detail)} yes={yes} yesLabel={yesLabel} width={width} armed={overlay.armed === true} />;
}

/** The rows FrameQuestion takes from the body. */
export const frameQuestionRows = (overlay: Overlay | null): number => (!isQuestion(overlay) ? 0 : QUESTION_ROWS + (questionDetail(overlay) ? 1 : 0));
