import { Text } from 'ink';
import { RESULT_CLASS_VALUES, type ResultClass } from '../../domain';
import { proportionalCells } from '../../text/proportion';
import { countsText } from '../words/distributionText';
import { GLYPHS, useTheme } from '../themes/theme';

/**
 * good/decent/bad as one bar whose cells are proportional to the counts (each class its own glyph,
 * so it reads without colour), then the counts as numbers: `results: ███▓▓░ good 25 decent 18 bad 17`.
 */
export function DistributionBar({ counts, barWidth = 12, label = 'results: ', words = true }: DistributionBarProps) {
  const theme = useTheme();
  if (!counts) return <Text color={theme.muted}>{words ? label : ''}…</Text>;
  const cells = proportionalCells(
    RESULT_CLASS_VALUES.map((c) => counts[c]),
    barWidth,
  );
  return (
    <Text>
      {words ? label : ''}
      {RESULT_CLASS_VALUES.map((c, i) => (
        <Text key={c} color={theme.result[c]}>
          {GLYPHS.classBar[c].repeat(cells[i])}
        </Text>
      ))}
      {countsText(counts, words)}
    </Text>
  );
}

export interface DistributionBarProps {
  counts: Record<ResultClass, number> | null;
  barWidth?: number;
  label?: string;
  /** false: no label, and each count behind its class glyph instead of its word (a narrow line). */
  words?: boolean;
}
