// The distribution's counts as text, and the columns its bar takes: pure, for the bar
// (components/DistributionBar.tsx) and for planning the status line around it (statusPlan.ts).
import stringWidth from 'string-width';
import { RESULT_CLASS_VALUES, type ResultClass } from '../../domain';
import { RESULT_GLYPHS } from '../../state/selectors';

/** ` good 25 decent 18 bad 17`, or with the class glyphs instead of the words. */
export function countsText(counts: Record<ResultClass, number>, words: boolean): string {
  return RESULT_CLASS_VALUES.map((c) => ` ${words ? c : RESULT_GLYPHS[c]} ${counts[c]}`).join('');
}

/** Columns the bar takes, to plan a line around it. */
export function distributionWidth({
  counts,
  barWidth = 12,
  label = 'results: ',
  words = true,
}: {
  counts: Record<ResultClass, number> | null;
  barWidth?: number;
  label?: string;
  words?: boolean;
}): number {
  const head = words ? label.length : 0;
  return counts ? head + barWidth + stringWidth(countsText(counts, words)) : head + 1;
}
