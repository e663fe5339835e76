import { Text } from 'ink';
import { RESULT_CLASS_VALUES, type ResultClass } from '../../domain';
import { proportionalCells } from '../../text/proportion';
import { GLYPHS, useTheme } from '../theme';

/**
 * good/decent/bad as one bar whose cells are proportional to the counts (each class its own glyph,
 * so it reads without colour), then the counts as numbers: `results: ███▓▓░ good 25 decent 18 bad 17`.
 */
export function DistributionBar({ counts, barWidth = 12, label = 'results: ' }: { counts: Record<ResultClass, number> | null; barWidth?: number; label?: string }) {
  const theme = useTheme();
  if (!counts) return <Text color={theme.muted}>{label}…</Text>;
  const cells = proportionalCells(RESULT_CLASS_VALUES.map((c) => counts[c]), barWidth);
  return (
    <Text>
      {label}
      {RESULT_CLASS_VALUES.map((c, i) => (
        <Text key={c} color={theme.result[c]}>
          {GLYPHS.classBar[c].repeat(cells[i])}
        </Text>
      ))}
      {RESULT_CLASS_VALUES.map((c) => ` ${c} ${counts[c]}`).join('')}
    </Text>
  );
}
