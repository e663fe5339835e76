import { Box, Text } from 'ink';
import SelectInput from 'ink-select-input';
import type { Choice } from '../../../domain';
import { GLYPHS, useTheme } from '../../theme';
import { fieldTheme } from './theme';

export interface ChoiceFieldProps {
  choices: readonly Choice<number>[];
  value: number;
  focused: boolean;
}

function Indicator({ isSelected }: { isSelected?: boolean }) {
  const theme = fieldTheme(useTheme());
  return <Text {...theme.choice(Boolean(isSelected))}>{isSelected ? `${GLYPHS.selected} ` : '  '}</Text>;
}

function Item({ isSelected, label }: { isSelected?: boolean; label: string }) {
  const theme = fieldTheme(useTheme());
  return <Text {...theme.choice(Boolean(isSelected))}>{label}</Text>;
}

/**
 * A choice field. Focused, it opens as an ink-select-input picker with the current value marked;
 * the picker is not focused (its useInput stays inactive): ←/→/Space go through the deck's input
 * router, and the picker is drawn again at the new value (its highlight is its own state, set from
 * initialIndex when it mounts). Unfocused, the value's label.
 */
export function ChoiceField({ choices, value, focused }: ChoiceFieldProps) {
  const index = Math.max(
    0,
    choices.findIndex((c) => c.value === value),
  );
  if (!focused) return <Text>{choices[index]?.label ?? String(value)}</Text>;
  const items = choices.map((c) => ({ key: String(c.value), label: c.label, value: c.value }));
  return (
    <Box>
      <SelectInput key={index} items={items} initialIndex={index} isFocused={false} indicatorComponent={Indicator} itemComponent={Item} />
    </Box>
  );
}
