// How the marked rows' values are read before a change to them is asked: pages of the tab's list
// (its search and filters, in id order, the largest page the host gives), or one read a row when
// that is fewer requests (a few rows marked among many). Pure: the count is said before reading.
import { PER_PAGE_VALUES } from '../../domain';
import { maxOf } from '../../text/bounded';
import { activeFilters, wireQuery } from '../selectors';
import type { TabState } from '../list/state';
import type { ReadPlan } from './state';

/** The largest page the hosts give: fewest requests a row. */
export const READ_PAGE = maxOf(PER_PAGE_VALUES);

/** The fewest requests that read `marked` rows of `tab`'s list: pages when they are fewer than the rows. */
export function readPlan(marked: number, tab: TabState): ReadPlan {
  // The search and filters only: read in id order, so rows added meanwhile land after the cursor.
  const filters = activeFilters(tab.query);
  const query = { ...wireQuery(filters), per_page: READ_PAGE };
  const whole = Object.keys(filters).length === 0;
  const meta = tab.data?.meta;
  if (!meta || meta.totalUnknown)
    return marked < READ_PAGE ? { kind: 'each', requests: marked } : { kind: 'pages', query, requests: Math.ceil(marked / READ_PAGE), atLeast: true, whole };
  const pages = Math.max(1, Math.ceil(meta.total / READ_PAGE));
  return marked <= pages ? { kind: 'each', requests: marked } : { kind: 'pages', query, requests: pages, atLeast: false, whole };
}
