import { Box, Text, type DOMElement } from 'ink';
import TextInput from 'ink-text-input';
import { useRef } from 'react';
import stringWidth from 'string-width';
import { sanitize } from '../../../text/sanitize';
import { fit } from '../../words/text';
import { useTheme } from '../../themes/theme';
import { fieldTheme } from './theme';
import { visibleWindow } from './window';
import { CURSOR } from './cursorText';
import { useTextCursor } from '../../hooks/textCursor';

export interface TextFieldProps {
  value: string;
  /** The cursor's index when focused; null when another field has the focus. */
  cursor: number | null;
  /** Shown instead of each character (passwords). */
  mask?: string;
  /** Said in place of an empty value while unfocused ("(unchanged)"). */
  placeholder?: string;
  width: number;
}

const noChange = () => undefined;

/**
 * The one text field, drawn by ink-text-input (its value and its mask): setup, the forms, the `:`
 * line and a secret asked on it. ink-text-input is never focused here, so its own useInput stays
 * inactive: its keys (←/→ and Backspace only, no Home/End, words or paste at the cursor) would be a
 * second editor. Every key goes through the keymap's text.* bindings to one editor (src/state/textEdit.ts)
 * and the cursor it keeps is drawn as a bar between the text before and after it, the terminal's own
 * cursor on it (useTextCursor). A line laid out as words (a search in a status line, the help's
 * filter) draws the same field with cursorText.
 */
export function TextField({ value, cursor, mask, placeholder, width }: TextFieldProps) {
  const theme = fieldTheme(useTheme());
  const box = useRef<DOMElement>(null);
  useTextCursor(box, cursor !== null);
  const chars = Array.from(value);
  if (cursor === null) {
    if (!chars.length && placeholder) return <Text {...theme.placeholder}>{fit(placeholder, width).trimEnd()}</Text>;
    const shown = mask ? value : fit(sanitize(value), width);
    const cut = mask ? Array.from(shown).slice(0, width).join('') : shown;
    return (
      <Text {...theme.value}>
        <TextInput value={cut} mask={mask} focus={false} showCursor={false} onChange={noChange} />
      </Text>
    );
  }
  // The bar takes a cell of its own, as in the search and command lines.
  const { start, end } = visibleWindow(
    chars.map((c) => (mask ? 1 : stringWidth(sanitize(c)))),
    cursor,
    width - 1,
  );
  const before = chars.slice(start, cursor).join('');
  const after = chars.slice(cursor, end).join('');
  return (
    <Box ref={box}>
      {/* One text: the bar's cell is found in what is drawn now, not where the last frame laid it. */}
      <Text>
        <TextInput value={mask ? before : sanitize(before)} mask={mask} focus={false} showCursor={false} onChange={noChange} />
        <Text {...theme.cursor}>{CURSOR}</Text>
        <TextInput value={mask ? after : sanitize(after)} mask={mask} focus={false} showCursor={false} onChange={noChange} />
      </Text>
    </Box>
  );
}
