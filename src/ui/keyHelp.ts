import { KEYMAP, type Binding, type ModeKind } from './keymap';

// What the `?` overlay and the README say about keys, derived from the one keymap.

export interface HelpRow {
  keys: string;
  description: string;
  /** A write refused in read-only mode. */
  locked: boolean;
}

export interface HelpSection {
  title: string;
  rows: HelpRow[];
}

const SECTIONS: { title: string; modes: ModeKind[] }[] = [
  { title: 'List', modes: ['list'] },
  { title: 'Detail', modes: ['detail'] },
  { title: 'Search', modes: ['search'] },
  { title: 'Form', modes: ['form'] },
  { title: 'Dialogs', modes: ['confirm-delete'] },
  { title: 'Help', modes: ['help'] },
];

/** Each binding once per section; list bindings that also work in the detail view are listed once. */
export function helpSections(readOnly: boolean): HelpSection[] {
  const seen = new Set<Binding>();
  return SECTIONS.map((s) => {
    const rows: HelpRow[] = [];
    for (const b of KEYMAP) {
      if (!s.modes.some((m) => b.modes.includes(m)) || (s.title !== 'List' && seen.has(b) && b.modes.includes('list'))) continue;
      if (s.title === 'Detail' && b.modes.includes('list')) continue;
      seen.add(b);
      rows.push({ keys: b.label, description: `${b.description}${b.tab ? ` (${b.tab})` : ''}`, locked: readOnly && Boolean(b.writes) });
    }
    return { title: s.title, rows };
  });
}

/** The README's key tables. */
export function keysMarkdown(): string {
  const cell = (t: string) => t.replace(/\|/g, '\\|');
  return helpSections(false)
    .map((s) => [`**${s.title}**`, '', '| keys | action |', '|---|---|', ...s.rows.map((r) => `| \`${cell(r.keys)}\` | ${cell(r.description)} |`)].join('\n'))
    .join('\n\n');
}
