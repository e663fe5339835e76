import type { Theme } from '../../themes/theme';

// How form fields look, from the deck's theme (so NO_COLOR holds here too): one place for the
// focused label, the cursor, placeholders and the chosen item of a picker.

export interface FieldTheme {
  label(focused: boolean): { color?: string; bold?: boolean };
  /** An unfocused value: underlined, so an empty field still shows where it is. */
  value: { underline: boolean };
  cursor: { color?: string; bold?: boolean };
  placeholder: { color?: string; italic?: boolean };
  choice(selected: boolean): { color?: string; bold?: boolean };
}

export function fieldTheme(theme: Theme): FieldTheme {
  return {
    label: (focused) => (focused ? { color: theme.accent, bold: true } : {}),
    value: { underline: true },
    cursor: { color: theme.accent, bold: true },
    placeholder: { color: theme.muted, italic: !theme.color },
    choice: (selected) => (selected ? { color: theme.accent, bold: true } : { color: theme.muted }),
  };
}
