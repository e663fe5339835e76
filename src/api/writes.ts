// The writes the deck and the commands both send, each decided once: a delete counts a 404 as done
// (the record is gone, which is what it asked for: deleted meanwhile, or by this very request
// before its answer was lost), and a re-run sends the domain's RERUN_VALUES.
import { RERUN_VALUES, type RecordId, type Report, type ResourceName } from '../domain';
import type { CallOptions, ResourceClient } from './types';

/** A 404 for one record: it is not on the host (any more). */
export function isGone(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { kind?: unknown }).kind === 'notFound';
}

/**
 * Deletes one record: 'deleted', or 'gone' when the host answers 404. The deck's delete, a delete
 * of marked rows, an undo's delete of what was created and `… delete --ids` all call this.
 */
export async function deleteRecord(rc: Pick<ResourceClient<ResourceName>, 'delete'>, id: RecordId, opts?: CallOptions): Promise<'deleted' | 'gone'> {
  try {
    await rc.delete(id, opts);
    return 'deleted';
  } catch (e) {
    if (isGone(e)) return 'gone';
    throw e;
  }
}

/** Asks the SEO host to analyse a report's page again; its answer is the report with its new score. */
export function rerunReport(reports: Pick<ResourceClient<'reports'>, 'update'>, id: RecordId, opts?: CallOptions): Promise<Report> {
  return reports.update(id, RERUN_VALUES, opts);
}
