import { Text } from 'ink';
import type { ResultClass } from '../../domain';
import { arrow } from '../../history/model';
import { compactScoreLabel, scoreLabel } from '../../state/selectors';
import { alignedScore, SCORE_WIDTH } from '../words/columns';
import { fit } from '../words/text';
import { useTheme } from '../themes/theme';

/**
 * `● 87 good ↑12` in its class colour; glyph and word carry the meaning without colour, the arrow
 * the change since the previous analysis sitedeck saw (none when it saw none).
 */
export function ScoreBadge({
  score,
  cls,
  width,
  suffix = '',
  change = null,
  compact = width !== undefined && width < SCORE_WIDTH,
  digits = 0,
}: {
  score: number | null;
  cls: ResultClass | null;
  width?: number;
  suffix?: string;
  change?: number | null;
  compact?: boolean;
  /** In a column: the number right-aligned to this many digits. */
  digits?: number;
}) {
  const theme = useTheme();
  // A compact column shows the glyph and the number (the glyph says the class).
  const label = alignedScore(compact ? compactScoreLabel(score, cls) : scoreLabel(score, cls), score, digits);
  const text = label + (change === null ? '' : ` ${arrow(change)}`);
  return <Text color={cls ? theme.result[cls] : undefined}>{(width ? fit(text, width) : text) + suffix}</Text>;
}
