import { Box, Text } from 'ink';
import type { DeckState } from '../../state/types';
import { useTheme } from '../theme';
import { CommandLine } from './CommandLine';
import { FlashLine } from './FlashLine';

const HINTS: Record<string, string> = {
  list: '? help  / search  s sort  f p filter  n new  e edit  d delete  : cmd  q quit',
  detail: 'j/k scroll  Esc back  e edit  d delete  y copy',
  search: 'type to search  ↑↓ move  Enter keep  Esc clear',
  form: 'Tab/↑↓ move  ←→/Space choose  Ctrl+S save  Esc cancel',
  help: 'Esc or ? closes help',
  'confirm-delete': 'y delete  n/Esc/Enter keep',
  'confirm-discard': 'y discard  n/Esc keep editing',
};

/** The bottom line: the command line while typing one, else the flash, else key hints. */
export function Footer({ state, width }: { state: DeckState; width: number }) {
  const theme = useTheme();
  const m = state.mode;
  let line;
  if (m.kind === 'command') line = <CommandLine text={m.text} />;
  else if (state.flash) line = <FlashLine flash={state.flash} />;
  else {
    const hint = HINTS[m.kind] ?? '';
    line = (
      <Text wrap="truncate" color={theme.muted}>
        {' '}
        {state.readOnly && m.kind === 'list' ? hint.replace(/ {2}n new {2}e edit {2}d delete/, '  ■ read-only') : hint}
      </Text>
    );
  }
  return <Box width={width}>{line}</Box>;
}
