// A score in words, never a glyph: `score 48, bad`.
import { classify, type ResultClass } from '../../domain';

export function spokenScore(score: number | null | undefined, cls?: ResultClass | null, word = 'score '): string {
  if (score === null || score === undefined) return 'no score';
  return `${word}${score}, ${cls ?? classify(score)}`;
}
