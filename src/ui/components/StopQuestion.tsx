import type { Overlay } from '../../state/mode';
import { STOP_QUESTION } from '../spoken/dialogs';
import { ConfirmDialog } from './ConfirmDialog';

/** The rows a yes/no question takes under a screen's body. */
export const QUESTION_ROWS = 4;

/**
 * Ctrl+C during a run over marked rows asks whether to stop it, on whatever screen is open (a list,
 * a form, Projects, the Audit view): the frame draws this under the screen's body.
 */
export function StopQuestion({ overlay, width }: { overlay: Overlay | null; width: number }) {
  return overlay?.kind === 'confirm-stop' ? <ConfirmDialog question={STOP_QUESTION} yes={false} yesLabel="Stop" width={width} armed={overlay.armed === true} /> : null;
}
