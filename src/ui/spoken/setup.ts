// The first-run setup screen for a screen reader, as the parts the writer compares (./writer.ts),
// the deck's own: said whole once (what it is for, each field as `Label: value`, the focused one
// `(selected)`, its hint, the keys), then only what changed: a character typed or passed, another
// field, the question before quitting, the check under way, a problem. Pure.
import { sanitize } from '../../text/sanitize';
import type { FieldView } from './field';
import { spokenEntry } from './form';
import { asText, said } from './line';
import type { SpokenView } from './view';

/** What the setup screen shows, in the words it shows it. */
export interface SetupSpoken {
  /** What the screen is for, a sentence a line. */
  intro: readonly string[];
  fields: readonly { name: string; label: string; value: string; secret: boolean }[];
  focus: number;
  cursor: number;
  help: string;
  keys: string;
  /** The question before quitting with typed values, while it is asked. */
  question: string | null;
  checking: boolean;
  problems: readonly string[];
}

const NO_MARKS: SpokenView['marks'] = { list: '', names: new Map() };

export function spokenSetup(s: SetupSpoken): SpokenView {
  const focused = s.fields[s.focus];
  const chars = Array.from(focused.value);
  const field: FieldView = { id: `setup:${focused.name}`, chars, cursor: Math.max(0, Math.min(chars.length, s.cursor)), secret: focused.secret };
  return {
    screen: 'setup',
    place: ['sitedeck setup'],
    wait: s.checking ? 'checking both hosts' : null,
    body: [
      ...s.intro,
      ...s.fields.map((f, i) => asText(said(spokenEntry(f.label, f.value, f.secret), i === s.focus ? { selected: true } : undefined))),
      `hint: ${s.help}`,
      ...s.problems.map((p) => `error: ${sanitize(p)}`),
    ],
    scrolled: null,
    question: s.question ? { text: s.question, armed: true } : null,
    field,
    prompt: null,
    flash: null,
    keys: s.keys,
    marks: NO_MARKS,
    overlay: null,
    running: false,
  };
}
