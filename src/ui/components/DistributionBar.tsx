import { Text } from 'ink';
import { RESULT_CLASS_VALUES, type ResultClass } from '../../domain';
import { GLYPHS, useTheme } from '../theme';

/** good/decent/bad totals as proportional bars with their words, readable without colour. */
export function DistributionBar({ counts, barWidth = 12 }: { counts: Record<ResultClass, number> | null; barWidth?: number }) {
  const theme = useTheme();
  if (!counts) return <Text color={theme.muted}>results: …</Text>;
  const sum = RESULT_CLASS_VALUES.reduce((n, c) => n + counts[c], 0);
  return (
    <Text>
      results:
      {RESULT_CLASS_VALUES.map((c) => {
        const n = counts[c];
        const bars = sum ? Math.max(n > 0 ? 1 : 0, Math.round((n / sum) * barWidth)) : 0;
        return (
          <Text key={c}>
            {' '}
            <Text color={theme.result[c]}>{GLYPHS.bar.repeat(bars)}</Text>
            {bars ? ' ' : ''}
            {c} {n}
          </Text>
        );
      })}
    </Text>
  );
}
