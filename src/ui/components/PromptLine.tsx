import { Text } from 'ink';
import { sanitize } from '../../text/sanitize';
import { useTheme } from '../theme';

/** The `:` line being typed, and what Tab offers for its last word. */
export function PromptLine({
  text,
  options,
  picked,
  secret,
}: {
  text: string;
  options?: readonly string[];
  picked?: number;
  /** Asked for a secret: its label, the text masked. */ secret?: string;
}) {
  const theme = useTheme();
  return (
    // Long input keeps its end (the cursor) in view; offered words go after it and give way first.
    <Text wrap={options?.length ? 'truncate-end' : 'truncate-start'} color={theme.accent}>
      {secret ? `${sanitize(secret)}: ${'•'.repeat(Array.from(text).length)}` : `:${sanitize(text)}`}▏
      {options?.length ? (
        <Text color={theme.muted}>
          {'  '}
          {options.map((o, i) => (
            <Text key={i} inverse={i === picked}>{` ${sanitize(o)} `}</Text>
          ))}
        </Text>
      ) : null}
    </Text>
  );
}
