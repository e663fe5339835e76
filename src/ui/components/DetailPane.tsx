import { Box, Text } from 'ink';
import { useMemo } from 'react';
import type { AnyRecord, TabName } from '../../state/types';
import { detailLines, layoutDetail, tooLargeText, type DetailLine } from '../words/detailLines';
import { DataBoundary } from './DataBoundary';
import { useReportDrawn } from '../layout/useDrawn';
import { useTheme, type Theme } from '../themes/theme';
import { useHistory } from '../hooks/useHistory';
import { keyOf } from '../keys/keyWords';

const NONE: readonly never[] = [];

export interface DetailPaneProps {
  tab: TabName;
  record: AnyRecord | null;
  width: number;
  height: number;
  scroll: number;
  focused: boolean;
}

function toneColor(theme: Theme, tone: DetailLine['tone']): string | undefined {
  switch (tone) {
    case 'title':
      return theme.accent;
    case 'muted':
      return theme.muted;
    case 'ok':
      return theme.ok;
    case 'bad':
      return theme.danger;
    case 'good':
    case 'decent':
      return theme.result[tone];
    default:
      return undefined;
  }
}

/** The keys that scroll the detail, as bound (`↓/↑`). */
const scrollKeys = () => `${keyOf('detail.down')}/${keyOf('detail.up')}`;

export function DetailPane(props: DetailPaneProps) {
  const theme = useTheme();
  const { record, width, height } = props;
  return (
    <DataBoundary
      resetKey={record}
      fallback={
        <Box width={width} height={height}>
          <Text wrap="truncate" color={theme.muted}>
            {record ? tooLargeText(record) : ''}
          </Text>
        </Box>
      }
    >
      <DetailBody {...props} />
    </DataBoundary>
  );
}

function DetailBody({ tab, record, width, height, scroll, focused }: DetailPaneProps) {
  const theme = useTheme();
  const history = useHistory();
  const analyses = record && tab === 'reports' ? history.analyses(record.id) : NONE;
  const lines = useMemo(() => (record ? layoutDetail(detailLines(tab, record, analyses), width) : []), [tab, record, width, analyses]);
  const top = Math.max(0, Math.min(scroll, lines.length - height));
  // Where the keys that scroll it stop: the last top that still fills the pane, and a page.
  useReportDrawn({ detail: { maxTop: Math.max(0, lines.length - height), page: Math.max(1, height - 2) } }, focused);
  const more = lines.length - top - height;
  const shown = lines.slice(top, top + height - (more > 0 ? 1 : 0));
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden">
      {!record ? (
        <Text color={theme.muted}>Nothing selected</Text>
      ) : (
        // Label and value as one string: one text node per line (a report's pane is tens of lines).
        shown.map((l, i) => (
          <Text key={i} wrap="truncate" color={toneColor(theme, l.tone)} bold={l.tone === 'title'}>
            {(l.label ?? '') + (l.text || ' ')}
          </Text>
        ))
      )}
      {record && more > 0 ? (
        <Text wrap="truncate" color={theme.muted}>
          {`… ${more} more ${focused ? `(${scrollKeys()} scroll)` : `(${keyOf('detail.open')}, then ${scrollKeys()})`}`}
        </Text>
      ) : null}
    </Box>
  );
}
