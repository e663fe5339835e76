import { Text } from 'ink';
import { resourceDef } from '../../domain';
import { TABS, type DeckState } from '../../state/types';

/** `1 Websites 27   2 Reports 312`: the active tab inverted; a total once its list has loaded. */
export function Tabs({ state }: { state: DeckState }) {
  return (
    <Text>
      {TABS.map((t, i) => {
        const total = state.tabs[t].data?.meta.total;
        const active = state.tab === t;
        return (
          <Text key={t} inverse={active} bold={active}>
            {` ${i + 1} ${resourceDef(t).title}${total === undefined ? '' : ` ${total}`} `}
          </Text>
        );
      })}
    </Text>
  );
}
