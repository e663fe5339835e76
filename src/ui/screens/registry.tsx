// Every screen the deck can stack, registered in one place: its name in sentences, its frame (the
// line under the header and the body) and its spoken form. A new view is its kind in SCREEN_KINDS
// (src/keys/modes.ts) and one entry here (the mapped type refuses a kind without one): the keys
// every screen shares (Ctrl+C, `?`, `:`, the tabs, the message log) then work on it, the help lists
// them there and a key it does not bind says so (test/build/newScreen.test.ts proves it in a copy).
import { Box } from 'ink';
import type { ReactNode } from 'react';
import { resourceDef, type RecordId } from '../../domain';
import type { Analysis } from '../../history/model';
import type { ScreenKind } from '../../keys/modes';
import { isBusy } from '../../state/selectors';
import { auditOf } from '../../state/stack';
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
import type { Layout } from '../useLayout';
import { AuditScreen } from './AuditScreen';
import { CoverScreen, coverLines, coverPlace } from './CoverScreen';
import { ListScreen } from './ListScreen';
import { ProjectsScreen } from './ProjectsScreen';

interface FrameProps {
  state: DeckState;
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
  /** Its frame: the line under the header, and the body. */
  status: (p: { state: DeckState; width: number }) => ReactNode;
  body: (p: FrameProps) => ReactNode;
  /** Its spoken form: where you are (said first), then its lines. */
  spoken: { place: (state: DeckState, ctx: SpokenContext) => string; body: (state: DeckState, ctx: SpokenContext) => SpokenLine[] };
  /** The Reports distribution takes a line of its own on a narrow terminal (the list's screens). */
  distribution: boolean;
}

/** Where the cursor stands in the search being typed (none: at its end). */
const searchCursor = (state: DeckState): number | undefined => (state.overlay?.kind === 'search' ? state.overlay.cursor : undefined);

function ListStatus({ state, width }: { state: DeckState; width: number }) {
  return <StatusLine state={state} width={width} busy={isBusy(state)} />;
}

/** Both tabs' lists, one displayed; with the detail on top, its pane in focus. */
function Lists({ state, layout, height, shownTabs, firstRowLine, words }: FrameProps) {
  const top = state.stack[state.stack.length - 1];
  return (
    <>
      {TABS.filter((t) => shownTabs.has(t)).map((t) => (
        <Box key={t} display={t === state.tab ? 'flex' : 'none'} flexDirection="column">
          <ListScreen
            tab={t}
            tabState={state.tabs[t]}
            screen={t === state.tab ? top : null}
            layout={layout}
            height={height}
            marked={state.marked[t]}
            firstRowLine={firstRowLine}
            words={words}
          />
        </Box>
      ))}
    </>
  );
}

function FormFrame({ state, layout, height }: FrameProps) {
  if (!state.form) return null;
  return (
    <Box flexDirection="column" height={height}>
      <Form form={state.form} width={layout.columns} height={height} />
    </Box>
  );
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
    status: ({ state, width }) => (
      <ProjectsStatus projects={state.projects} width={width} busy={isBusy(state)} typing={state.overlay?.kind === 'search'} cursor={searchCursor(state)} />
    ),
    body: ({ state, layout, height }) => <ProjectsScreen projects={state.projects} width={layout.columns} height={height} />,
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
    status: ({ state, width }) => {
      const a = auditOf(state);
      return a ? (
        <AuditStatus
          audit={a}
          projects={state.projects}
          width={width}
          busy={isBusy(state)}
          typing={state.overlay?.kind === 'search' && state.overlay.on === 'audit'}
          cursor={searchCursor(state)}
        />
      ) : null;
    },
    body: ({ state, layout, height }) => {
      const a = auditOf(state);
      return a ? <AuditScreen audit={a} projects={state.projects} marked={state.marked.reports} width={layout.columns} height={height} /> : null;
    },
    spoken: { place: (s) => spokenAuditPlace(s), body: (s, ctx) => spokenAuditBody(s, ctx.analyses) },
    distribution: false,
  },
  cover: {
    name: () => 'the cover',
    section: 'Cover (:cover SOURCE)',
    status: ({ state, width }) => (
      <StatusRow place={coverPlace(state.cover)} rest="" width={width} busy={['planning', 'running', 'stopping'].includes(state.cover.phase)} />
    ),
    body: ({ state, layout, height }) => <CoverScreen cover={state.cover} width={layout.columns} height={height} />,
    spoken: { place: (s) => coverPlace(s.cover), body: (s) => coverLines(s.cover).map((l) => said(l)) },
    distribution: false,
  },
};
