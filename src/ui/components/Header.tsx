import { Box, Text } from 'ink';
import type { DeckState } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { GLYPHS, useTheme } from '../theme';
import { BudgetBadge } from './BudgetBadge';
import { Tabs } from './Tabs';

export interface DeckInfo {
  profile: string;
  hosts: { analytics: string; seo: string };
  demo: boolean;
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}

/** Brand, tabs with totals, profile and hosts, the rate limit when it matters, DEMO badge, read-only lock. */
export function Header({ state, info, width }: { state: DeckState; info: DeckInfo; width: number }) {
  const theme = useTheme();
  const right = `${sanitize(info.profile)} · ${sanitize(hostOf(info.hosts.analytics))} · ${sanitize(hostOf(info.hosts.seo))}`;
  return (
    <Box width={width}>
      <Box flexShrink={0}>
        <Text bold color={theme.accent}>
          {' sitedeck '}
        </Text>
        <Tabs state={state} />
        <Text> </Text>
      </Box>
      <Box flexGrow={1} justifyContent="flex-end" overflowY="hidden">
        <Text wrap="truncate-start" color={theme.muted}>
          {right}
        </Text>
      </Box>
      <Box flexShrink={0}>
        <BudgetBadge budget={state.budget[state.tab]} />
        {info.demo ? (
          <Text bold color={theme.warn}>
            {' DEMO'}
          </Text>
        ) : null}
        {state.readOnly ? <Text color={theme.danger}>{` ${GLYPHS.lock} read-only`}</Text> : null}
        <Text> </Text>
      </Box>
    </Box>
  );
}
