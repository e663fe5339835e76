import { Text } from 'ink';
import { resourceDef } from '../../domain';
import { TABS, type DeckState, type TabName } from '../../state/types';
import { useTheme } from '../theme';
import { tabShown } from '../../state/stack';

/**
 * `1 Websites 27   2 Reports 312`: the active tab inverted; a total once its list has loaded.
 * Without colour it also wears brackets: a terminal without inverse (TERM=dumb) still shows it.
 */
export function Tabs({ state }: { state: DeckState }) {
  const theme = useTheme();
  // The Projects view is the tab while it, or an audit opened over it, shows.
  const onProjects = tabShown(state) === 'projects';
  return (
    <Text>
      {TABS.map((t) => {
        const active = state.tab === t && !onProjects;
        const [open, close] = active && !theme.color ? ['[', ']'] : [' ', ' '];
        return (
          <Text key={t} inverse={active} bold={active}>
            {`${open}${tabTitle(state, t)}${close}`}
          </Text>
        );
      })}
      {(() => {
        // The Projects view: a third tab over every report.
        const active = onProjects;
        const [open, close] = active && !theme.color ? ['[', ']'] : [' ', ' '];
        return <Text inverse={active} bold={active}>{`${open}${projectsTitle(state)}${close}`}</Text>;
      })()}
    </Text>
  );
}

/** The third tab, over every report: its count once the read is done. */
function projectsTitle(state: DeckState): string {
  return `3 Projects${state.projects.status === 'done' ? ` ${state.projects.rows.length}` : ''}`;
}

function tabTitle(state: DeckState, t: TabName): string {
  const total = state.tabs[t].data?.meta.total;
  return `${TABS.indexOf(t) + 1} ${resourceDef(t).title}${total === undefined ? '' : ` ${total}`}`;
}

/** Screen columns (1-based, end excluded) of each tab's title, Projects last, the tabs starting at column `first`. */
export function tabSpans(state: DeckState, first: number): { tab: TabName | 'projects'; from: number; to: number }[] {
  let x = first;
  const titles: [TabName | 'projects', string][] = [...TABS.map((t): [TabName, string] => [t, tabTitle(state, t)]), ['projects', projectsTitle(state)]];
  return titles.map(([tab, title]) => {
    const from = x;
    x += title.length + 2;
    return { tab, from, to: x };
  });
}

/** Columns the tabs take, Projects included (each title with a cell either side). */
export function tabsWidth(state: DeckState): number {
  return TABS.reduce((n, t) => n + tabTitle(state, t).length + 2, 0) + projectsTitle(state).length + 2;
}
