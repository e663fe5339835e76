// One line the screen-reader deck says, and the state Ink says before it (its `aria-state`).

export interface SpokenState {
  selected?: boolean;
  checked?: boolean;
  disabled?: boolean;
  busy?: boolean;
}

export interface SpokenLine {
  text: string;
  /** Said by Ink in front of the text, as `(selected) …` (Box's aria-state). */
  state?: SpokenState;
}

export const said = (text: string, state?: SpokenState): SpokenLine => (state ? { text, state } : { text });

/** The words of a list joined as people say them: `a, b, c`; empty parts left out. */
export const joined = (parts: readonly (string | null | undefined | false)[]): string => parts.filter((p): p is string => Boolean(p)).join(', ');

/** What Ink's screen-reader output makes of a line (its state in brackets first): for tests and the report. */
export function asText(line: SpokenLine): string {
  const on = Object.entries(line.state ?? {})
    .filter(([, v]) => v)
    .map(([k]) => k);
  return on.length ? `(${on.join(', ')}) ${line.text}` : line.text;
}
