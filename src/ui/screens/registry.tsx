// Every screen the deck can stack, registered in one place: its name in sentences, its frame (the
// line under the header and the body) and its spoken form. A new view is its kind in SCREEN_KINDS
// (src/keys/modes.ts) and one entry here (the mapped type refuses a kind without one): the keys
// every screen shares (Ctrl+C, `?`, `:`, the tabs, the message log) then work on it, the help lists
// them there and a key it does not bind says so (test/build/newScreen.test.ts proves it in a copy).
// Its frame's parts are components that read what they use of the state (useDeck), not the state.
import { Box } from 'ink';
import type { ComponentType } from 'react';
import { resourceDef, type RecordId } from '../../domain';
import type { Analysis } from '../../history/model';
import type { ScreenKind } from '../../keys/modes';
import { isBusy, searchCursor, typingSearch } from '../../state/selectors';
import { auditOf, topScreen } from '../../state/stack';
import { TABS, type DeckState, type TabName } from '../../state/types';
import { AuditStatus } from '../components/AuditStatus';
import { Form } from '../components/Form';
import { ProjectsStatus } from '../components/ProjectsStatus';
import { StatusLine } from '../components/StatusLine';
import { StatusRow } from '../components/StatusRow';
import { spokenAuditBody, spokenAuditPlace } from '../spoken/audit';
import { spokenForm } from '../spoken/form';
import type { SpokenLine } from '../spoken/line';
import { said } from '../spoken/line';
import { spokenList } from '../spoken/list';
import { spokenPlace, spokenProjectsPlace } from '../spoken/place';
import { projectSelected, spokenProjects } from '../spoken/projects';
import type { Layout } from '../layout/useLayout';
import { useDeck } from '../hooks/useDeck';
import { AuditScreen } from './AuditScreen';
import { CoverScreen, coverLines, coverPlace } from './CoverScreen';
import { ListScreen } from './ListScreen';
import { ProjectsScreen } from './ProjectsScreen';

interface FrameProps {
  layout: Layout;
  /** Rows the body has. */
  height: number;
  /** The tabs whose lists have been shown (both stay mounted once shown: a switch only flips which is displayed). */
  shownTabs: ReadonlySet<TabName>;
  /** Screen line (1-based) of a list's first row, for the mouse. */
  firstRowLine: number;
  words?: (text: string) => string;
}

interface SpokenContext {
  now: number;
  words?: (text: string) => string;
  analyses?: (id: RecordId) => readonly Analysis[];
  demo?: boolean;
}

export interface ScreenEntry {
  /** The screen as sentences name it (`the Reports list`); `state` null: the keys reference, naming every list together. */
  name: (state: DeckState | null) => string;
  /** Its section's title in the help and docs/keys.md. */
  section: string;
  /** Its frame: the line under the header, and the body (components: each reads what it uses of the state). */
  status: ComponentType<{ width: number }>;
  body: ComponentType<FrameProps>;
  /** Its spoken form: where you are (said first), then its lines. */
  spoken: { place: (state: DeckState, ctx: SpokenContext) => string; body: (state: DeckState, ctx: SpokenContext) => SpokenLine[] };
  /** The Reports distribution takes a line of its own on a narrow terminal (the list's screens). */
  distribution: boolean;
}

function ListStatus({ width }: { width: number }) {
  const busy = useDeck(isBusy);
  return <StatusLine width={width} busy={busy} />;
}

/** Both tabs' lists, one displayed; with the detail on top, its pane in focus. */
function Lists({ layout, height, shownTabs, firstRowLine, words }: FrameProps) {
  const tab = useDeck((s) => s.tab);
  const top = useDeck(topScreen);
  const tabs = useDeck((s) => s.tabs);
  const marked = useDeck((s) => s.marked);
  return (
    <>
      {TABS.filter((t) => shownTabs.has(t)).map((t) => (
        <Box key={t} display={t === tab ? 'flex' : 'none'} flexDirection="column">
          <ListScreen
            tab={t}
            tabState={tabs[t]}
            screen={t === tab ? top : null}
            layout={layout}
            height={height}
            marked={marked[t]}
            firstRowLine={firstRowLine}
            words={words}
          />
        </Box>
      ))}
    </>
  );
}

function FormFrame({ layout, height }: FrameProps) {
  const form = useDeck((s) => s.form);
  if (!form) return null;
  return (
    <Box flexDirection="column" height={height}>
      <Form form={form} width={layout.columns} height={height} />
    </Box>
  );
}

function ProjectsStatusLine({ width }: { width: number }) {
  const projects = useDeck((s) => s.projects);
  const busy = useDeck(isBusy);
  const typing = useDeck(typingSearch);
  const cursor = useDeck(searchCursor);
  return <ProjectsStatus projects={projects} width={width} busy={busy} typing={typing} cursor={cursor} />;
}

function ProjectsBody({ layout, height }: FrameProps) {
  const projects = useDeck((s) => s.projects);
  return <ProjectsScreen projects={projects} width={layout.columns} height={height} />;
}

function AuditStatusLine({ width }: { width: number }) {
  const audit = useDeck(auditOf);
  const projects = useDeck((s) => s.projects);
  const busy = useDeck(isBusy);
  const typing = useDeck((s) => typingSearch(s, 'audit'));
  const cursor = useDeck(searchCursor);
  return audit ? <AuditStatus audit={audit} projects={projects} width={width} busy={busy} typing={typing} cursor={cursor} /> : null;
}

function AuditBody({ layout, height }: FrameProps) {
  const audit = useDeck(auditOf);
  const projects = useDeck((s) => s.projects);
  const marked = useDeck((s) => s.marked.reports);
  return audit ? <AuditScreen audit={audit} projects={projects} marked={marked} width={layout.columns} height={height} /> : null;
}

function CoverStatus({ width }: { width: number }) {
  const cover = useDeck((s) => s.cover);
  return <StatusRow place={coverPlace(cover)} rest="" width={width} busy={['planning', 'running', 'stopping'].includes(cover.phase)} />;
}

function CoverBody({ layout, height }: FrameProps) {
  const cover = useDeck((s) => s.cover);
  return <CoverScreen cover={cover} width={layout.columns} height={height} />;
}

const listPlace = (state: DeckState, ctx: SpokenContext) => spokenPlace(state, ctx.now, { demo: ctx.demo });

export const SCREENS: { readonly [K in ScreenKind]: ScreenEntry } = {
  list: {
    name: (state) => (state ? `the ${resourceDef(state.tab).title} list` : 'the lists'),
    section: 'List',
    status: ListStatus,
    body: Lists,
    spoken: { place: listPlace, body: (s, ctx) => spokenList(s, ctx, { detail: false }) },
    distribution: true,
  },
  detail: {
    name: () => 'the detail',
    section: 'Detail',
    status: ListStatus,
    body: Lists,
    spoken: { place: listPlace, body: (s, ctx) => spokenList(s, ctx, { detail: true }) },
    distribution: true,
  },
  form: {
    name: () => 'the form',
    section: 'Form',
    status: ListStatus,
    body: FormFrame,
    spoken: { place: listPlace, body: (s) => (s.form ? spokenForm(s.form) : []) },
    distribution: true,
  },
  projects: {
    name: () => 'Projects',
    section: 'Projects (3)',
    status: ProjectsStatusLine,
    body: ProjectsBody,
    spoken: {
      place: (s) => spokenProjectsPlace(s),
      body: (s) => {
        const project = spokenProjects(s.projects);
        return project === null ? [] : [said(project, projectSelected(s.projects) ? { selected: true } : undefined)];
      },
    },
    distribution: false,
  },
  audit: {
    name: () => 'the Audit view',
    section: 'Audit (:audit; a on Projects)',
    status: AuditStatusLine,
    body: AuditBody,
    spoken: { place: (s) => spokenAuditPlace(s), body: (s, ctx) => spokenAuditBody(s, ctx.analyses) },
    distribution: false,
  },
  cover: {
    name: () => 'the cover',
    section: 'Cover (:cover SOURCE)',
    status: CoverStatus,
    body: CoverBody,
    spoken: { place: (s) => coverPlace(s.cover), body: (s) => coverLines(s.cover).map((l) => said(l)) },
    distribution: false,
  },
};
