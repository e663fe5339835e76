import { Text } from 'ink';
import type { Choice } from '../../../domain';
import { Picker } from './Picker';

export interface ChoiceFieldProps {
  choices: readonly Choice<number>[];
  value: number;
  focused: boolean;
}

/**
 * A choice field. Focused, it is the one picker (ink-select-input) with the current value picked;
 * ←/→/Space, Home/End and a typed letter go through the deck's input router. Unfocused, the value's label.
 */
export function ChoiceField({ choices, value, focused }: ChoiceFieldProps) {
  const index = Math.max(
    0,
    choices.findIndex((c) => c.value === value),
  );
  if (!focused) return <Text>{choices[index]?.label ?? String(value)}</Text>;
  return <Picker labels={choices.map((c) => c.label)} picked={index} />;
}
