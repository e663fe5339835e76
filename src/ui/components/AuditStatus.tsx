import { classify, RESULT_CLASS_VALUES, type Audit } from '../../domain';
import type { AuditView } from '../../state/audit';
import { sourceWords } from '../../state/auditSource';
import type { ProjectsState } from '../../state/projects';
import { RESULT_GLYPHS } from '../../state/selectors';
import { sanitize } from '../../text/sanitize';
import { wordCut } from '../words/auditText';
import { useAudit } from '../screens/AuditScreen';
import { useTheme } from '../themes/theme';
import { groupDigits as n } from '../../text/digits';
import { readProgress } from './ProjectsStatus';
import { StatusRow } from './StatusRow';
import { cursorText } from './fields/cursorText';
import { widthOf } from '../../text/wrap';
import { keyWords } from '../keys/keyWords';
import { giveWay, lastGoFirst } from '../input/giveWay';

/**
 * The header's second line in the Audit view: what it covers, how far the read of every report
 * got (the rows are partial until it is done), then the pages' average and mix as room allows.
 */
function auditStatusText(a: AuditView, p: ProjectsState, audit: Audit): { place: string; more: readonly string[]; error: string | null } {
  const progress = readProgress(p);
  const read = progress ? ` · ${progress}, partial` : '';
  const place = ` Audit of ${wordCut(sanitize(sourceWords(a.source)), 40)} · ${n(audit.pages)} page${audit.pages === 1 ? '' : 's'}${read}`;
  const avg = audit.averageScore === null ? 'no score' : `average ${RESULT_GLYPHS[classify(audit.averageScore)]} ${audit.averageScore}`;
  const mix = RESULT_CLASS_VALUES.map((c) => `${RESULT_GLYPHS[c]} ${n(audit.classes[c])} ${c}`).join(' ');
  const failing = `${audit.checks.length} failing check${audit.checks.length === 1 ? '' : 's'}`;
  return { place, more: [failing, avg, mix], error: p.status === 'failed' ? sanitize(keyWords(p.error ?? 'failed')) : null };
}

/** As many of `parts` as fit in `room`, whole, from the first; the first cut at a word when even it does not fit. */
export function partsIn(parts: readonly string[], room: number): string {
  const shown = giveWay(lastGoFirst(parts, 1), (p) => widthOf(p.join(' · ')), room);
  return shown ? shown.join(' · ') : wordCut(parts[0] ?? '', room);
}

/** The level's search as the status line shows it: `lin▏ks` while typed (the cursor), then as kept; '' for none. */
const auditSearchText = (a: AuditView, typing: boolean, cursor: number | undefined): string => (typing ? cursorText(a.filter, cursor) : sanitize(a.filter));

export function AuditStatus({
  audit: a,
  projects,
  width,
  busy,
  typing = false,
  cursor,
}: {
  audit: AuditView;
  projects: ProjectsState;
  width: number;
  busy: boolean;
  /** `/` typed on the Audit view. */ typing?: boolean;
  /** Where the cursor stands in the search; none: at its end. */ cursor?: number;
}) {
  const theme = useTheme();
  const text = auditStatusText(a, projects, useAudit(a, projects));
  const search = auditSearchText(a, typing, cursor);
  // The place stays whole; the rest gives way a part at a time (the mix, then the average).
  const room = Math.max(0, width - text.place.length - 2 - 2 - (search ? widthOf(search) + 4 : 0));
  const more = text.error ? wordCut(text.error, room) : partsIn(text.more, room);
  return (
    <StatusRow
      place={text.place}
      search={search}
      typing={typing}
      placeColor={text.error ? theme.danger : undefined}
      rest={more ? `  ${more}` : ''}
      restColor={text.error ? theme.danger : theme.muted}
      width={width}
      busy={busy}
    />
  );
}
