// One step of a cover sent to the SEO host, the command's and the deck's alike: a create, a re-run
// or a delete, and what its answer means for the journal (./journal.ts). A create whose answer was
// lost (a crash, a cut connection) is looked up first, so a resume never makes a page's report twice.
import { isApiError, type ApiError } from '../errors';
import type { ResourceClient } from '../types';
import { deleteRecord, rerunReport } from '../writes';
import { idText, parseIdToken, type RecordId } from '../../domain';
import { storedUrl } from '../../domain/storedUrl';
import type { CoverStep } from '../../files/db';
import { sanitize } from '../../text/sanitize';
import type { Answer } from './journal';

/** A step with work left: not answered, or sent with its answer lost (looked up before it is sent again). */
export const isLeft = (s: CoverStep): boolean => s.status === 'planned' || s.status === 'sending' || s.status === 'unknown' || s.status === 'failed';

/** Whether a create whose answer was lost reached the host: its report, looked up by URL; one read. */
async function alreadyThere(client: ResourceClient<'reports'>, site: string, url: string, signal: AbortSignal): Promise<RecordId | undefined> {
  const key = storedUrl(url);
  const page = await client.list({ search: key, search_by: 'url', project: site, per_page: 100 }, { signal });
  return page.items.find((r) => storedUrl(r.url) === key)?.id;
}

/** A 422's field messages (the url's), else the error's own words. */
function refusalWords(e: ApiError): string {
  const fields = Object.values(e.fields ?? {}).flat();
  return sanitize(fields.length ? fields.join(' ') : e.message);
}

export type Sent = { answer: Answer; error?: ApiError };

/** Sends `s` (a wait for the pacer ends with `signal`; a request on the wire is never cut short). */
export async function sendStep(client: ResourceClient<'reports'>, site: string, s: CoverStep, signal: AbortSignal): Promise<Sent> {
  const call = { holdSignal: signal };
  if (s.action === 'create' && (s.status === 'sending' || s.status === 'unknown')) {
    const there = await alreadyThere(client, site, s.url, signal);
    if (there !== undefined) return { answer: { status: 'done', report_id: idText(there), detail: 'created before the interruption' } };
  }
  try {
    if (s.action === 'create') {
      const r = await client.create({ url: s.url }, call);
      return { answer: { status: 'done', report_id: idText(r.id), detail: typeof r.result === 'number' ? `score ${r.result}` : null } };
    }
    const id = parseIdToken(s.report_id ?? '') ?? (s.report_id as RecordId);
    if (s.action === 'rerun') {
      const r = await rerunReport(client, id, call);
      return { answer: { status: 'done', detail: typeof r.result === 'number' ? `score ${r.result}` : null } };
    }
    const gone = (await deleteRecord(client, id, call)) === 'gone';
    return { answer: { status: 'done', detail: gone ? 'already gone' : null } };
  } catch (e) {
    if (!isApiError(e)) throw e;
    if (e.kind === 'aborted') return { answer: { status: s.status === 'sending' ? 'sending' : 'planned' } as Answer, error: e };
    const status = e.kind === 'validation' ? 'refused' : e.mayHaveApplied ? 'unknown' : 'failed';
    return { answer: { status, detail: refusalWords(e) }, error: e };
  }
}
