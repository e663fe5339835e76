import { Text } from 'ink';
import { RESULT_CLASS_VALUES, type ResultClass } from '../../domain';
import { proportionalCells } from '../../text/proportion';
import stringWidth from 'string-width';
import { RESULT_GLYPHS } from '../../state/selectors';
import { GLYPHS, useTheme } from '../theme';

/**
 * good/decent/bad as one bar whose cells are proportional to the counts (each class its own glyph,
 * so it reads without colour), then the counts as numbers: `results: ███▓▓░ good 25 decent 18 bad 17`.
 */
export function DistributionBar({ counts, barWidth = 12, label = 'results: ', words = true }: DistributionBarProps) {
  const theme = useTheme();
  if (!counts) return <Text color={theme.muted}>{words ? label : ''}…</Text>;
  const cells = proportionalCells(RESULT_CLASS_VALUES.map((c) => counts[c]), barWidth);
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

function countsText(counts: Record<ResultClass, number>, words: boolean): string {
  return RESULT_CLASS_VALUES.map((c) => ` ${words ? c : RESULT_GLYPHS[c]} ${counts[c]}`).join('');
}

/** Columns the bar takes, to plan a line around it. */
export function distributionWidth({ counts, barWidth = 12, label = 'results: ', words = true }: DistributionBarProps): number {
  const head = words ? label.length : 0;
  return counts ? head + barWidth + stringWidth(countsText(counts, words)) : head + 1;
}
