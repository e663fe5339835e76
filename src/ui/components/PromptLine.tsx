import { Box, Text } from 'ink';
import { sanitize } from '../../text/sanitize';
import { useTheme } from '../themes/theme';
import { narrowed } from '../../state/picker';
import { Picker, TextField } from './fields';

/** The `:` line being typed (or a secret asked for, masked) in the one text field, and what Tab offers for its last word. */
export function PromptLine({
  text,
  cursor,
  options,
  typed,
  picked,
  secret,
  width,
}: {
  text: string;
  /** Where the cursor stands; none: at the end. */
  cursor?: number;
  options?: readonly string[];
  typed?: string;
  picked?: number;
  /** Asked for a secret: its label, the text masked. */ secret?: string;
  width: number;
}) {
  const theme = useTheme();
  const lead = secret ? `${sanitize(secret)}: ` : ':';
  const length = Array.from(text).length;
  const room = Math.max(2, width - Array.from(lead).length - 1);
  const offered = options?.length ? narrowed({ options, ...(typed !== undefined ? { typed } : {}) }) : [];
  // Across the whole line: the rows under the picker are hidden, not read beside its values.
  const listWidth = width;
  return (
    <Box width={width} overflow="visible">
      <Text color={theme.accent} wrap="truncate-start">
        {lead}
      </Text>
      <TextField value={text} cursor={cursor ?? length} mask={secret ? '•' : undefined} width={room} />
      {offered.length ? (
        // The picker opens above the line, over the foot of the view (the view stays as it was under it).
        <Box position="absolute" bottom={1} left={0} width={listWidth} flexDirection="column">
          <Picker labels={offered} picked={picked} width={listWidth} limit={PICKER_ROWS} />
        </Box>
      ) : null}
    </Box>
  );
}

/** The picker's rows at most above the `:` line (a tenth-row list at 80×24 leaves the view's top in sight). */
const PICKER_ROWS = 8;
