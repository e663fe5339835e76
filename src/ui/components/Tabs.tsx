import { Text } from 'ink';
import { resourceDef } from '../../domain';
import { TABS, type DeckState, type TabName } from '../../state/types';
import { groupDigits } from '../../text/digits';
import { useTheme } from '../themes/theme';
import { tabList } from '../../state/nav';
import { tabShown } from '../../state/stack';
import { sameWords, useDeck } from '../hooks/useDeck';

/**
 * `1 Websites 27   2 Reports 312`: the active tab inverted; a total once its list has loaded.
 * Without colour it also wears brackets: a terminal without inverse (TERM=dumb) still shows it.
 * `compact` (a header with no room for the words): `1 Web 27   2 Rep 312`, the keys and totals kept.
 */
export function Tabs({ compact = false }: { compact?: boolean }) {
  const theme = useTheme();
  // The Projects view is the tab while it, or an audit opened over it, shows.
  const shown = useDeck((s) => (tabShown(s) === 'projects' ? 'projects' : s.tab));
  const titles = useDeck((s) => tabTitles(s, compact), sameWords);
  return (
    <Text>
      {titles.map(({ tab, title }) => {
        const active = tab === shown;
        const [open, close] = active && !theme.color ? ['[', ']'] : [' ', ' '];
        return (
          <Text key={tab} inverse={active} bold={active}>
            {`${open}${title}${close}`}
          </Text>
        );
      })}
    </Text>
  );
}

/** Each tab's title, Projects (the third tab, over every report) last. */
function tabTitles(state: DeckState, compact: boolean): { tab: TabName | 'projects'; title: string }[] {
  return [...TABS.map((tab) => ({ tab, title: tabTitle(state, tab, compact) })), { tab: 'projects' as const, title: projectsTitle(state, compact) }];
}

/** The third tab, over every report: its count once the read is done. */
function projectsTitle(state: DeckState, compact: boolean): string {
  return `3 ${word('Projects', compact)}${state.projects.status === 'done' ? ` ${groupDigits(state.projects.rows.length)}` : ''}`;
}

function tabTitle(state: DeckState, t: TabName, compact: boolean): string {
  const meta = tabList(state, t).data?.meta;
  // A count the host did not give is left out (the status line says `total unknown`).
  const total = meta?.totalUnknown ? undefined : meta?.total;
  return `${TABS.indexOf(t) + 1} ${word(resourceDef(t).title, compact)}${total === undefined ? '' : ` ${groupDigits(total)}`}`;
}

/** A tab's word, or its first three letters in a compact header. */
const word = (title: string, compact: boolean) => (compact ? title.slice(0, 3) : title);

/** Screen columns (1-based, end excluded) of each tab's title, Projects last, the tabs starting at column `first`. */
export function tabSpans(state: DeckState, first: number, compact = false): { tab: TabName | 'projects'; from: number; to: number }[] {
  let x = first;
  return tabTitles(state, compact).map(({ tab, title }) => {
    const from = x;
    x += title.length + 2;
    return { tab, from, to: x };
  });
}

/** Columns the tabs take, Projects included (each title with a cell either side). */
export function tabsWidth(state: DeckState, compact = false): number {
  return tabTitles(state, compact).reduce((n, t) => n + t.title.length + 2, 0);
}
