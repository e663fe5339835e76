// The words the marks slice says of its rows and its runs: a tab's rows counted, a run's verb, a change.
import { changeWordsOf, resourceDef, type WriteValues } from '../../domain';
import type { BulkRun, TabName } from '../types';

export const noun = (tab: TabName, n: number) => (n === 1 ? resourceDef(tab).singular : resourceDef(tab).title.toLowerCase());
const VERB = {
  delete: { ing: 'Deleting', past: 'deleted' },
  rerun: { ing: 'Re-running', past: 're-ran' },
  update: { ing: 'Updating', past: 'updated' },
  undo: { ing: 'Undoing', past: 'undone' },
} as const;
export const verbOf = (b: { verb: BulkRun['verb'] }) => VERB[b.verb];

/** `privacy to Public`, `e-mail reports to Enabled`: a change in the domain's words (a field the host never returns named, never its value). */
export function changeWords(tab: TabName, values: WriteValues): string {
  return changeWordsOf(resourceDef(tab), values).change;
}
