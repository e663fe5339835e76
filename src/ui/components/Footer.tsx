import { Box, Text } from 'ink';
import type { DeckState } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { useTheme } from '../theme';

const HINTS: Record<string, string> = {
  list: '? help  / search  s sort  f p filter  n new  e edit  d delete  : cmd  q quit',
  detail: 'j/k scroll  Esc back  e edit  d delete  y copy',
  search: 'type to search  Enter keep  Esc clear',
  form: 'Tab/↑↓ move  ←→/Space choose  Ctrl+S save  Esc cancel',
  help: 'Esc or ? closes help',
  'confirm-delete': 'y delete  n/Esc/Enter keep',
  'confirm-discard': 'y discard  n/Esc keep editing',
};

/** The bottom line: the command line while typing one, else the flash, else key hints. */
export function Footer({ state, width }: { state: DeckState; width: number }) {
  const theme = useTheme();
  const m = state.mode;
  if (m.kind === 'command') {
    return (
      <Box width={width}>
        <Text wrap="truncate-start" color={theme.accent}>
          :{sanitize(m.text)}▏
        </Text>
      </Box>
    );
  }
  const f = state.flash;
  if (f) {
    return (
      <Box width={width}>
        <Text wrap="truncate" color={theme.flash[f.kind]} bold={f.kind === 'error'}>
          {' '}
          {sanitize(f.text)}
        </Text>
      </Box>
    );
  }
  const hint = HINTS[m.kind] ?? '';
  return (
    <Box width={width}>
      <Text wrap="truncate" color={theme.muted}>
        {' '}
        {state.readOnly && m.kind === 'list' ? hint.replace(/ {2}n new {2}e edit {2}d delete/, '  ■ read-only') : hint}
      </Text>
    </Box>
  );
}
