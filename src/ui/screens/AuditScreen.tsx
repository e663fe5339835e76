import { Box, Text } from 'ink';
import { useMemo } from 'react';
import stringWidth from 'string-width';
import { checkSummaryText, idText, type Audit, type AuditCheck, type Importance, type RecordId } from '../../domain';
import { makeAuditOf, shownChecks, shownPages } from '../../state/auditSource';
import type { AuditView } from '../../state/audit';
import type { ProjectsState } from '../../state/projects';
import { maxOf } from '../../text/bounded';
import { sanitize } from '../../text/sanitize';
import {
  checkLayout,
  checkRow,
  checksHeader,
  countText,
  importanceCell,
  pageLayout,
  pageRow,
  pagesDiffer,
  pagesHeader,
  sharedTail,
  shownPage,
  shownReason,
  wordCut,
} from '../words/auditText';
import { useReportDrawn } from '../layout/useDrawn';
import { DetailPane } from '../components/DetailPane';
import { GLYPHS, useTheme, type Theme } from '../themes/theme';
import { useHistory } from '../hooks/useHistory';
import { useRowWindow } from '../layout/useRowWindow';
import { keyOf } from '../keys/keyWords';

export interface AuditScreenProps {
  audit: AuditView;
  projects: ProjectsState;
  marked: readonly RecordId[];
  width: number;
  height: number;
}

/** The one project the audit covers, chosen (`a` on Projects) or filtered (`:audit` under a project filter): its pages show by path either way. */
const sourceProject = (source: AuditView['source']): string | null => (source.kind === 'project' ? source.project : (source.filters.project ?? null));

const importanceColor = (theme: Theme, i: Importance | null) => (i === 'high' ? theme.danger : i === 'medium' ? theme.result.decent : theme.muted);

// One audit for the screen and its status line, built once per change (the keys build the same rows from the state: auditOfState).
const viewAudit = makeAuditOf();

/** The audit of the source's reports with the history's new and fixed counts; rebuilt only when they change. */
export function useAudit(audit: AuditView, projects: ProjectsState): Audit {
  const history = useHistory();
  const previousFailed = history.enabled ? history.previousFailed : undefined;
  const built = viewAudit(projects.reports, audit.source, previousFailed, history.version(), projects.status === 'loading');
  return built;
}

/** What to fix first: the failing checks, a check's failing pages, or one page's report. */
export function AuditScreen({ audit: a, projects, marked, width, height }: AuditScreenProps) {
  const theme = useTheme();
  const audit = useAudit(a, projects);
  const h = Math.max(2, height);
  const check = a.check === null ? null : (audit.checks.find((c) => c.name === a.check) ?? null);
  let body;
  if (a.level === 'checks')
    body = <Checks audit={audit} filter={a.filter} cursor={a.checkCursor} width={width} height={h} loading={projects.status === 'loading'} />;
  else if (a.level === 'pages')
    body = <Pages check={check} filter={a.filter} cursor={a.pageCursor} marked={marked} width={width} height={h} project={sourceProject(a.source)} />;
  else {
    const record = projects.reports.find((r) => r.id === a.reportId) ?? null;
    body = (
      <Box flexDirection="column" height={h}>
        <Text wrap="truncate" color={theme.muted}>
          {wordCut(
            `${check ? sanitize(check.label) : 'Audit'} › report ${a.reportId === null ? '' : idText(a.reportId)} ` +
              `(${keyOf('audit.back')}: back to the pages)`,
            width,
          )}
        </Text>
        <Box paddingLeft={1}>
          <DetailPane tab="reports" record={record} width={width - 1} height={h - 1} scroll={a.scroll} focused />
        </Box>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden">
      {body}
    </Box>
  );
}

/** What a search that matches no row says, and how to clear it. */
const noMatch = (what: string, filter: string) => `  No ${what} matches "${sanitize(filter)}" (${keyOf('audit.back')} clears the search)`;

function Checks({
  audit,
  filter,
  cursor,
  width,
  height,
  loading,
}: {
  audit: Audit;
  filter: string;
  cursor: number;
  width: number;
  height: number;
  loading: boolean;
}) {
  const theme = useTheme();
  const l = checkLayout(audit, width);
  const per = l.twoLines ? 2 : 1;
  const checks = useMemo(() => shownChecks(audit.checks, filter), [audit, filter]);
  const at = Math.min(cursor, Math.max(0, checks.length - 1));
  const rows = Math.max(1, Math.floor((height - 1) / per));
  useReportDrawn({ auditRows: rows });
  const { start, visible } = useRowWindow(checks, at, rows);
  const empty =
    filter && audit.checks.length
      ? noMatch('failing check', filter)
      : loading
        ? '  Reading reports… the checks show as pages arrive'
        : audit.pages === 0
          ? '  No reports here (the audit covers the reports read)'
          : `  No check fails on these ${audit.pages} pages`;
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden">
      <Text wrap="truncate" bold color={theme.muted}>
        {checksHeader(l)}
      </Text>
      {visible.length === 0 ? (
        <Text color={theme.muted}>{empty}</Text>
      ) : (
        visible.map((c, i) => <CheckRow key={c.name} check={c} selected={start + i === at} l={l} />)
      )}
    </Box>
  );
}

function CheckRow({ check, selected, l }: { check: AuditCheck; selected: boolean; l: ReturnType<typeof checkLayout> }) {
  const theme = useTheme();
  const row = checkRow(check, l);
  return (
    <>
      <Text wrap="truncate" inverse={selected} bold={selected}>
        {selected ? `${GLYPHS.selected} ` : '  '}
        <Text color={importanceColor(theme, check.importance)}>{row.importance}</Text>
        {row.rest}
      </Text>
      {row.second !== null ? (
        <Text wrap="truncate" color={theme.muted}>
          {row.second}
        </Text>
      ) : null}
    </>
  );
}

function Pages({
  check,
  filter,
  cursor,
  marked,
  width,
  height,
  project,
}: {
  check: AuditCheck | null;
  filter: string;
  cursor: number;
  marked: readonly RecordId[];
  width: number;
  height: number;
  project: string | null;
}) {
  const theme = useTheme();
  const pages = useMemo(() => shownPages(check?.pages ?? [], filter), [check, filter]);
  const at = Math.min(cursor, Math.max(0, pages.length - 1));
  // The reasons get a column when they differ from page to page; one reason for all is said above
  // them, on a line of its own when the title has no room for it. Read once a check, not once a key.
  const { reasons, tail } = useMemo(() => ({ reasons: pagesDiffer(check?.pages ?? []), tail: sharedTail(check?.pages ?? []) }), [check]);
  const head = check ? ` ${sanitize(check.label)} · ${importanceCell(check.importance)} · ${countText(check)} pages` : ' This check fails on no page now';
  const why = check ? sanitize(checkSummaryText(check)) : '';
  const whyApart = why !== '' && !reasons && stringWidth(`${head} · ${why}`) > width;
  const title = why && !whyApart ? `${head} · ${why}` : head;
  const rows = Math.max(1, height - 2 - (whyApart ? 1 : 0));
  useReportDrawn({ auditRows: rows });
  const { start, visible } = useRowWindow(pages, at, rows);
  // The PAGE column as wide as the pages on screen need; the reasons take the rest.
  // An ending every reason shares (` (max 1,500)`) is said once, by the line above, when that line shows it whole.
  const tailAbove = tail !== '' && why.includes(tail.trim()) && stringWidth(title) <= width;
  const shownTail = tailAbove ? tail : '';
  const widestReason = maxOf(
    visible.map((p) => stringWidth(shownReason(p, shownTail))),
    0,
  );
  const l = pageLayout(
    width,
    visible.map((p) => shownPage(p, project)),
    { reasons, tail: shownTail, widestReason },
  );
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden">
      <Text wrap="truncate" bold>
        {wordCut(title, width)}
      </Text>
      {whyApart ? (
        <Text wrap="truncate" color={theme.muted}>
          {wordCut(`   ${why}`, width)}
        </Text>
      ) : null}
      <Text wrap="truncate" bold color={theme.muted}>
        {pagesHeader(l)}
      </Text>
      {visible.length === 0 && filter ? <Text color={theme.muted}>{noMatch('page', filter)}</Text> : null}
      {visible.map((p, i) => {
        const selected = start + i === at;
        return (
          <Text key={p.id} wrap="truncate" inverse={selected} bold={selected}>
            {selected ? GLYPHS.selected : ' '}
            {pageRow(p, l, marked.includes(p.id), project)}
          </Text>
        );
      })}
    </Box>
  );
}
