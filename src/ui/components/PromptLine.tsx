import { Box, Text } from 'ink';
import { sanitize } from '../../text/sanitize';
import { useTheme } from '../theme';
import { TextField } from './fields';

/** The `:` line being typed (or a secret asked for, masked) in the one text field, and what Tab offers for its last word. */
export function PromptLine({
  text,
  cursor,
  options,
  picked,
  secret,
  width,
}: {
  text: string;
  /** Where the cursor stands; none: at the end. */
  cursor?: number;
  options?: readonly string[];
  picked?: number;
  /** Asked for a secret: its label, the text masked. */ secret?: string;
  width: number;
}) {
  const theme = useTheme();
  const lead = secret ? `${sanitize(secret)}: ` : ':';
  const length = Array.from(text).length;
  const room = Math.max(2, width - Array.from(lead).length - 1);
  // Offered words go after the text and give way first: the field takes only what its text needs then.
  const fieldWidth = options?.length ? Math.min(room, length + 1) : room;
  return (
    <Box width={width} overflow="hidden">
      <Text color={theme.accent} wrap="truncate-start">
        {lead}
      </Text>
      <TextField value={text} cursor={cursor ?? length} mask={secret ? '•' : undefined} width={fieldWidth} />
      {options?.length ? (
        <Text color={theme.muted} wrap="truncate-end">
          {'  '}
          {options.map((o, i) => (
            <Text key={i} inverse={i === picked}>{` ${sanitize(o)} `}</Text>
          ))}
        </Text>
      ) : null}
    </Box>
  );
}
