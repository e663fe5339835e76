// The `?` help as a plain list from the keymap: the keys of the screen it was opened over first,
// a section, then one line per binding with its keys, what it does, and why it is refused here;
// with a filter, only what matches; the last line says it is the end.
import { PROMPT_HELP } from '../keys/promptCommands';
import type { DeckState } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { filterSections, footerHints, helpSections } from '../keys/keyHelp';

/** The header's profile and hosts, said at the top of the help (not on every change). */
export interface SpokenInfo {
  profile: string;
  hosts: { analytics: string; seo: string };
  demo: boolean;
}

export function spokenHelp(state: DeckState, info?: SpokenInfo): string[] {
  const filter = state.overlay?.kind === 'help' ? state.overlay.filter : undefined;
  const sections = filterSections(helpSections(state), filter);
  // A key that does the same in two sections (r in Projects and in the Audit view) is said once.
  const said = new Set<string>();
  const firstTime = (line: string) => !said.has(line) && Boolean(said.add(line));
  return [
    ...(info
      ? [
          `Profile ${sanitize(info.profile)}${info.demo ? ', demo' : ''}, analytics host ${sanitize(info.hosts.analytics)}, ` +
            `SEO host ${sanitize(info.hosts.seo)}`,
        ]
      : []),
    `Keys${filter ? ` matching ${filter}` : ''}${state.readOnly ? ', read-only: locked actions are refused' : ''}`,
    ...sections.flatMap((s) => [
      `${s.title}:`,
      ...s.rows.map((r) => `${r.keys}: ${r.description}${r.disabled ? `, refused: ${r.disabled}` : ''}`).filter(firstTime),
    ]),
    ...(filter ? (sections.length ? [] : ['No key matches']) : [`Commands after colon: ${PROMPT_HELP}`]),
    'End of the keys',
  ];
}

/** The footer's keys for this mode, those that act here only: `keys: ? help, / search, …`. */
export function spokenKeys(state: DeckState): string {
  const hints = footerHints(state).filter((h) => !h.disabled);
  return `keys: ${hints.map((h) => `${h.key} ${h.word}`).join(', ')}`;
}
