import { Text } from 'ink';
import { resourceDef } from '../../domain';
import { TABS, type DeckState } from '../../state/types';
import { useTheme } from '../theme';

/**
 * `1 Websites 27   2 Reports 312`: the active tab inverted; a total once its list has loaded.
 * Without colour it also wears brackets: a terminal without inverse (TERM=dumb) still shows it.
 */
export function Tabs({ state }: { state: DeckState }) {
  const theme = useTheme();
  return (
    <Text>
      {TABS.map((t, i) => {
        const total = state.tabs[t].data?.meta.total;
        const active = state.tab === t;
        const [open, close] = active && !theme.color ? ['[', ']'] : [' ', ' '];
        return (
          <Text key={t} inverse={active} bold={active}>
            {`${open}${i + 1} ${resourceDef(t).title}${total === undefined ? '' : ` ${total}`}${close}`}
          </Text>
        );
      })}
    </Text>
  );
}
