import type { Overlay } from '../../state/mode';
import { STOP_QUESTION } from '../spoken/dialogs';
import { ConfirmDialog } from './ConfirmDialog';

/** The rows a yes/no question takes under a screen's body. */
export const QUESTION_ROWS = 4;

/**
 * The questions about marked rows, asked on whatever screen is open (a list, a form, Projects, the
 * Audit view): Ctrl+C during a run (stop it?), and a run to confirm (an undo whose reading of the
 * host ended after a form opened asks over the form). The frame draws them under the screen's body.
 */
export function FrameQuestion({ overlay, width }: { overlay: Overlay | null; width: number }) {
  if (overlay?.kind === 'confirm-stop') return <ConfirmDialog question={STOP_QUESTION} yes={false} yesLabel="Stop" width={width} armed={overlay.armed === true} />;
  if (overlay?.kind === 'confirm-bulk') return <ConfirmDialog question={overlay.question} yes={overlay.yes === true} yesLabel="Yes" width={width} armed={overlay.armed === true} />;
  return null;
}

/** The rows FrameQuestion takes from the body. */
export const frameQuestionRows = (overlay: Overlay | null): number => (overlay?.kind === 'confirm-stop' || overlay?.kind === 'confirm-bulk' ? QUESTION_ROWS : 0);
