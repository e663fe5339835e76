import { Box, Text } from 'ink';
import SelectInput from 'ink-select-input';
import { sanitize } from '../../../text/sanitize';
import { fit } from '../../words/text';
import { GLYPHS, useTheme } from '../../themes/theme';
import { fieldTheme } from './theme';

export interface PickerProps {
  /** The values shown (already narrowed by what was typed). */
  labels: readonly string[];
  /** The one under the cursor; none: nothing picked yet. */
  picked?: number;
  /** Each row padded to this width (a picker drawn over the frame hides what is under it). */
  width?: number;
  /** At most this many rows, the picked one among them. */
  limit?: number;
}

function Indicator({ isSelected }: { isSelected?: boolean }) {
  const theme = fieldTheme(useTheme());
  return <Text {...theme.choice(Boolean(isSelected))}>{isSelected ? `${GLYPHS.selected} ` : '  '}</Text>;
}

function makeItem(width: number | undefined) {
  return function Item({ isSelected, label }: { isSelected?: boolean; label: string }) {
    const theme = fieldTheme(useTheme());
    return <Text {...theme.choice(Boolean(isSelected))}>{width ? fit(label, width - 2) : label}</Text>;
  };
}

/**
 * The one picker, drawn by ink-select-input: the `:` line's offered words (`f`, `Y`, `v`, Tab) and a
 * form's choice field. As with the text field, ink-select-input is never focused (its own keys, j/k
 * and digits, would be a second picker): the keymap's bindings move the picked value in the state
 * (src/state/picker.ts), and the list is drawn again at it (its highlight is set from initialIndex when
 * it mounts, so it is keyed by the value picked).
 */
export function Picker({ labels, picked, width, limit }: PickerProps) {
  const items = labels.map((l, i) => ({ key: `${i}:${l}`, label: sanitize(l), value: i }));
  const at = picked ?? -1;
  // A window that holds the picked row: ink-select-input rotates its list to show a highlight past its limit.
  const room = limit && labels.length > limit ? limit : undefined;
  const start = room ? Math.min(Math.max(0, at - room + 1), labels.length - room) : 0;
  const shown = room ? items.slice(start, start + room) : items;
  const theme = useTheme();
  return (
    <Box flexDirection="column">
      <SelectInput
        key={`${start}:${at}`}
        items={shown}
        initialIndex={Math.max(0, at - start)}
        isFocused={false}
        indicatorComponent={at < 0 ? () => <Text>{'  '}</Text> : Indicator}
        itemComponent={makeItem(width)}
      />
      {room && start + room < labels.length ? (
        <Text color={theme.muted}>{width ? fit(`  ${labels.length - start - room} more`, width) : `  ${labels.length - start - room} more`}</Text>
      ) : null}
    </Box>
  );
}
