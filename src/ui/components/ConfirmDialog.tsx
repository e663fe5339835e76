import { Box, Text } from 'ink';
import { sanitize } from '../../text/sanitize';
import { useTheme } from '../theme';

/** A yes/no question that names what it is about; No is the default. */
export function ConfirmDialog({ question, yes, yesLabel, width, armed = true }: { question: string; yes: boolean; yesLabel: string; width: number; /** False for its first moment on screen: keys typed then are dropped. */ armed?: boolean }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.danger} width={Math.min(width, 72)} paddingX={1}>
      <Text wrap="truncate" bold>
        {sanitize(question)}
      </Text>
      <Text>
        <Text inverse={!yes}>{' No '}</Text>
        {'  '}
        <Text inverse={yes} color={theme.danger}>{` ${yesLabel} `}</Text>
        <Text color={theme.muted}>{armed ? '   y yes · n/Esc no · ←→ choose · Enter' : '   (a moment: keys typed now are dropped)'}</Text>
      </Text>
    </Box>
  );
}
