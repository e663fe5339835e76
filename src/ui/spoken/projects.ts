// The Projects view's selected row, every column in words: `shop.example.com, 1 of 12, 25 reports,
// average score 71, decent, lowest 23, highest 98, 12 good, 8 decent, 5 bad, worst page …, last analysis …`.
import { RESULT_CLASS_VALUES, type ProjectRow } from '../../domain';
import { shownProjects, type ProjectsState } from '../../state/projects';
import { sanitize } from '../../text/sanitize';
import { shortDate } from '../words/text';
import { joined } from './line';
import { spokenScore } from './score';
import { keyOf } from '../keys/keyWords';

const scoreOrNone = (n: number | null) => (n === null ? 'none' : String(n));

function spokenProjectRow(r: ProjectRow, at: number, total: number): string {
  return joined([
    sanitize(r.project),
    `${at + 1} of ${total}`,
    `${r.reports} report${r.reports === 1 ? '' : 's'}`,
    `average ${spokenScore(r.average)}`,
    `lowest ${scoreOrNone(r.lowest)}`,
    `highest ${scoreOrNone(r.highest)}`,
    RESULT_CLASS_VALUES.map((c) => `${r.mix[c]} ${c}`).join(', '),
    r.worst ? `worst page ${sanitize(r.worst.url)} ${spokenScore(r.worst.result)}` : null,
    r.last_generated_at ? `last analysis ${shortDate(r.last_generated_at)}` : null,
  ]);
}

/** The selected project, or what the view says instead while there is none (null while loading: the deck says that). */
export function spokenProjects(p: ProjectsState): string | null {
  const rows = shownProjects(p);
  const r = rows[p.cursor];
  if (r) return spokenProjectRow(r, p.cursor, rows.length);
  return !p.filter && p.status === 'loading' ? null : noProjectsText(p);
}

/** A project is selected (said `(selected)`) only when one is shown: not a filter's "No project matches". */
export const projectSelected = (p: ProjectsState): boolean => shownProjects(p)[p.cursor] !== undefined;

/** What the Projects view says, drawn or spoken, when it has no row to show. */
export function noProjectsText(p: ProjectsState): string {
  if (p.filter) return `No project matches "${sanitize(p.filter)}" (${keyOf('projects.close')} clears the filter)`;
  return p.status === 'loading' ? 'Reading reports…' : p.status === 'failed' ? 'No project read before the read stopped (r reads again)' : 'No reports yet';
}
