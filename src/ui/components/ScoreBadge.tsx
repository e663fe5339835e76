import { Text } from 'ink';
import type { ResultClass } from '../../domain';
import { scoreLabel } from '../../state/selectors';
import { fit } from '../text';
import { useTheme } from '../theme';

/** `● 87 good` in its class colour; glyph and word carry the meaning without colour. */
export function ScoreBadge({ score, cls, width, suffix = '' }: { score: number | null; cls: ResultClass | null; width?: number; suffix?: string }) {
  const theme = useTheme();
  const text = scoreLabel(score, cls);
  return <Text color={cls ? theme.result[cls] : undefined}>{(width ? fit(text, width) : text) + suffix}</Text>;
}
