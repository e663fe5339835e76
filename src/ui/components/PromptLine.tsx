import { Text } from 'ink';
import { sanitize } from '../../text/sanitize';
import { useTheme } from '../theme';

/** The `:` line being typed. */
export function PromptLine({ text }: { text: string }) {
  const theme = useTheme();
  return (
    <Text wrap="truncate-start" color={theme.accent}>
      :{sanitize(text)}▏
    </Text>
  );
}
