// The flash line's messages, kept so one that went by too fast can be read again (`:messages`, M).
import type { Flash, FlashKind } from '../../state/types';

export interface LoggedMessage {
  at: number;
  kind: FlashKind;
  text: string;
}

export const MESSAGES_KEPT = 50;

/**
 * The last MESSAGES_KEPT flashes, newest first; a flash is kept once however long it shows. Steps
 * of work under way (`Updating 1/3`) are not kept: the outcome that ends them is.
 */
export function logFlash(
  log: readonly LoggedMessage[],
  flash: Flash | null,
  lastId: number | null,
  at: number,
): { log: readonly LoggedMessage[]; lastId: number | null } {
  if (!flash || flash.id === lastId) return { log, lastId };
  if (flash.about === 'progress') return { log, lastId: flash.id };
  return { log: [{ at, kind: flash.kind, text: flash.text }, ...log].slice(0, MESSAGES_KEPT), lastId: flash.id };
}
