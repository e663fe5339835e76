// The set-up's requests: one list call to each host with the URLs and key typed, and, for a URL that
// found no API, the other host's list call at it (were the two fields swapped?). What they found is
// said by the set-up screen in its own words (src/ui/outside/setupCheck.ts): the deck sends nothing itself.
import { createClient } from './client';
import { isApiError } from './errors';

/** The set-up's two URL fields. */
export type UrlField = 'baseUrl' | 'seoBaseUrl';
type Settled = PromiseSettledResult<unknown>;

/** What the set-up typed. */
interface Typed {
  baseUrl: string;
  seoBaseUrl: string;
  apiKey: string;
}

export type HostsProbe =
  /** A URL that cannot be an endpoint: no request was sent (the client's words). */
  | { kind: 'unusable'; message: string }
  /** Each host's list call, and for each URL that found no API whether the other host's API answered there. */
  | { kind: 'answered'; answers: Record<UrlField, Settled>; answersOther: Record<UrlField, boolean> };

/** One try each, and not long: a person is waiting at the form. */
const CHECK = { retries: 0, timeoutMs: 10_000 } as const;
const PAGE = { per_page: 10 } as const;

/** A host's list call that found no such API at its URL: the URL may be the other host's. */
const noApiThere = (r: Settled): boolean =>
  r.status === 'rejected' && isApiError(r.reason) && (r.reason.kind === 'notFound' || r.reason.kind === 'badResponse');

/** An answer from the API asked for (a refusal of the key or the query is one too: the path is there). */
const apiThere = (r: Settled): boolean =>
  r.status === 'fulfilled' || (isApiError(r.reason) && ['auth', 'forbidden', 'validation', 'rateLimited'].includes(r.reason.kind));

/** Both hosts' list calls; the other host's at each URL that found no API there. */
export async function probeHosts(v: Typed): Promise<HostsProbe> {
  let client;
  try {
    client = createClient({ baseUrl: v.baseUrl, seoBaseUrl: v.seoBaseUrl, apiKey: v.apiKey, ...CHECK });
  } catch (e) {
    return { kind: 'unusable', message: (e as Error).message.replace(/^sitedeck: /, '') };
  }
  const [websites, reports] = await Promise.allSettled([client.websites.list(PAGE), client.reports.list(PAGE)]);
  const answers = { baseUrl: websites, seoBaseUrl: reports };
  return { kind: 'answered', answers, answersOther: await probeOther(v, answers) };
}

/** For each URL that found no API: whether it answers the other host's API (its list call, as that host's). */
async function probeOther(v: Typed, failed: Record<UrlField, Settled>): Promise<Record<UrlField, boolean>> {
  const out = { baseUrl: false, seoBaseUrl: false };
  if (!noApiThere(failed.baseUrl) && !noApiThere(failed.seoBaseUrl)) return out;
  let swapped;
  try {
    swapped = createClient({ baseUrl: v.seoBaseUrl, seoBaseUrl: v.baseUrl, apiKey: v.apiKey, ...CHECK });
  } catch {
    return out;
  }
  const [analyticsOnSeoField, seoOnAnalyticsField] = await Promise.allSettled([
    noApiThere(failed.seoBaseUrl) ? swapped.websites.list(PAGE) : Promise.reject(new Error('not asked')),
    noApiThere(failed.baseUrl) ? swapped.reports.list(PAGE) : Promise.reject(new Error('not asked')),
  ]);
  return { baseUrl: apiThere(seoOnAnalyticsField), seoBaseUrl: apiThere(analyticsOnSeoField) };
}
