// The `?` help as a plain list from the keymap: a section, then one line per binding with its keys,
// what it does, and why it is refused here.
import { PROMPT_HELP } from '../promptCommands';
import type { DeckState } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { footerHints, helpSections } from '../keyHelp';

/** The header's profile and hosts, said at the top of the help (not on every change). */
export interface SpokenInfo {
  profile: string;
  hosts: { analytics: string; seo: string };
  demo: boolean;
}

export function spokenHelp(state: DeckState, info?: SpokenInfo): string[] {
  return [
    ...(info ? [`Profile ${sanitize(info.profile)}${info.demo ? ', demo' : ''}, analytics host ${sanitize(info.hosts.analytics)}, SEO host ${sanitize(info.hosts.seo)}`] : []),
    `Keys${state.readOnly ? ', read-only: locked actions are refused' : ''}`,
    ...helpSections(state).flatMap((s) => [`${s.title}:`, ...s.rows.map((r) => `${r.keys}: ${r.description}${r.disabled ? `, refused: ${r.disabled}` : ''}`)]),
    `Commands after colon: ${PROMPT_HELP}`,
  ];
}

/** The footer's keys for this mode, those that act here only: `keys: ? help, / search, …`. */
export function spokenKeys(state: DeckState): string {
  const hints = footerHints(state).filter((h) => !h.disabled);
  return `keys: ${hints.map((h) => `${h.key} ${h.word}`).join(', ')}`;
}
