// The flash line's messages, kept so one that went by too fast can be read again (`:messages`, M).
import type { Flash, FlashKind } from '../state/types';

export interface LoggedMessage {
  at: number;
  kind: FlashKind;
  text: string;
}

export const MESSAGES_KEPT = 50;

/** The last MESSAGES_KEPT flashes, newest first; a flash is kept once however long it shows. */
export function logFlash(log: readonly LoggedMessage[], flash: Flash | null, lastId: number | null, at: number): { log: readonly LoggedMessage[]; lastId: number | null } {
  if (!flash || flash.id === lastId) return { log, lastId };
  return { log: [{ at, kind: flash.kind, text: flash.text }, ...log].slice(0, MESSAGES_KEPT), lastId: flash.id };
}
