// How a component tells the keys what it drew (the detail's scroll window, the audit's rows): a
// report after the frame is committed, which becomes state (view/drawn), instead of a module-level
// object written during render. Outside the deck (a component test) the report goes nowhere.
import { createContext, useContext, useLayoutEffect } from 'react';
import type { Drawn } from '../../state/chrome/state';

export const DrawnContext = createContext<(drawn: Partial<Drawn>) => void>(() => {});

/** Reports `drawn` once it is on screen, again only when it changes; nothing when `when` is false. */
export function useReportDrawn(drawn: Partial<Drawn>, when = true): void {
  const report = useContext(DrawnContext);
  const key = JSON.stringify(drawn);
  useLayoutEffect(() => {
    if (when) report(JSON.parse(key) as Partial<Drawn>);
  }, [report, key, when]);
}
