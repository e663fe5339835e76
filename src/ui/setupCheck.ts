import { createClient } from '../api';
import { isApiError, type ApiError } from '../api/errors';
import { BASE_ENV, KEY_HINT } from '../api/messages';
import { saveProfile } from '../config';
import { resourceDef } from '../domain';
import { maskUrl } from '../text/maskUrl';
import { sanitize } from '../text/sanitize';
import { parseWebUrl } from '../text/webUrl';
import type { SetupCheck, SetupProblem, SetupValues } from './screens/SetupScreen';

type UrlField = 'baseUrl' | 'seoBaseUrl';
type Settled = PromiseSettledResult<unknown>;

/** Each host's field, its words, and the API path its list call asks for. */
const HOSTS = {
  baseUrl: { host: 'Analytics host', field: 'Analytics URL', api: 'analytics', path: resourceDef('websites').apiPath },
  seoBaseUrl: { host: 'SEO host', field: 'SEO URL', api: 'SEO', path: resourceDef('reports').apiPath },
} as const;
const OTHER: Record<UrlField, UrlField> = { baseUrl: 'seoBaseUrl', seoBaseUrl: 'baseUrl' };

const CHECK = { retries: 0, timeoutMs: 10_000 } as const;

/** One list call to each host; says which refused and why; saves the profile (0600) when both answer. */
export const checkAndSave: SetupCheck = async (v, opts = {}) => {
  let client;
  try {
    client = createClient({ baseUrl: v.baseUrl, seoBaseUrl: v.seoBaseUrl, apiKey: v.apiKey, ...CHECK });
  } catch (e) {
    const text = onScreen((e as Error).message.replace(/^sitedeck: /, ''));
    return { ok: false, problems: [{ text, fields: text.startsWith('SEO URL') ? ['seoBaseUrl'] : text.startsWith('Analytics URL') ? ['baseUrl'] : [] }] };
  }
  const answers = await Promise.allSettled([client.websites.list({ per_page: 10 }), client.reports.list({ per_page: 10 })]);
  const failed = { baseUrl: answers[0], seoBaseUrl: answers[1] };
  if (failed.baseUrl.status === 'rejected' || failed.seoBaseUrl.status === 'rejected') return { ok: false, problems: await hostProblems(v, failed) };
  // A key that came from api_key_command stays where it lives: only a key typed here is saved.
  const apiKey = opts.commandKey !== undefined && v.apiKey === opts.commandKey ? undefined : v.apiKey;
  const savedTo = await saveProfile(v.profile, { base_url: v.baseUrl, seo_base_url: v.seoBaseUrl, api_key: apiKey }, { makeCurrent: true, env: process.env });
  return { ok: true, savedTo };
};

/** A host's list call that found no such API at its URL: the URL may be the other host's. */
const noApiThere = (r: Settled): boolean =>
  r.status === 'rejected' && isApiError(r.reason) && (r.reason.kind === 'notFound' || r.reason.kind === 'badResponse');

/** An answer from the API asked for (a refusal of the key or the query is one too: the path is there). */
const apiThere = (r: Settled): boolean =>
  r.status === 'fulfilled' || (isApiError(r.reason) && ['auth', 'forbidden', 'validation', 'rateLimited'].includes(r.reason.kind));

/**
 * What is wrong, one problem per host that refused, each tied to the fields it is about (it goes when
 * one of them changes). A URL that found no API is asked for the other host's API: both answering
 * is a swap, said once; one answering is said on its field.
 */
async function hostProblems(v: SetupValues, failed: Record<UrlField, Settled>): Promise<SetupProblem[]> {
  const answersOther = await probeOther(v, failed);
  if (answersOther.baseUrl && answersOther.seoBaseUrl) {
    return [
      {
        text:
          `These look swapped: the Analytics URL (${shown(v.baseUrl)}) answers the SEO API (${HOSTS.seoBaseUrl.path}) and the SEO URL ` +
          `(${shown(v.seoBaseUrl)}) answers the analytics API (${HOSTS.baseUrl.path}): swap the two fields.`,
        fields: ['baseUrl', 'seoBaseUrl'],
      },
    ];
  }
  const problems: SetupProblem[] = [];
  for (const name of ['baseUrl', 'seoBaseUrl'] as const) {
    const r = failed[name];
    if (r.status === 'fulfilled') continue;
    const h = HOSTS[name];
    if (answersOther[name]) {
      const other = HOSTS[OTHER[name]];
      problems.push({
        text:
          `${h.field}: ${shown(v[name])} answers the ${other.api} API (${other.path}), ` +
          `not the ${h.api} API (${h.path}): give the ${h.api} host's URL here.`,
        fields: [name],
      });
      continue;
    }
    const e = r.reason as ApiError | Error | undefined;
    const keyToo = isApiError(e) && (e.kind === 'auth' || e.kind === 'forbidden');
    problems.push({ text: `${h.host}: ${onScreen(e?.message ?? String(e))}${assumed(v[name])}`, fields: keyToo ? [name, 'apiKey'] : [name] });
  }
  return problems;
}

/** For each URL that found no API: whether it answers the other host's API (its list call, as that host's). */
async function probeOther(v: SetupValues, failed: Record<UrlField, Settled>): Promise<Record<UrlField, boolean>> {
  const out = { baseUrl: false, seoBaseUrl: false };
  if (!noApiThere(failed.baseUrl) && !noApiThere(failed.seoBaseUrl)) return out;
  let swapped;
  try {
    swapped = createClient({ baseUrl: v.seoBaseUrl, seoBaseUrl: v.baseUrl, apiKey: v.apiKey, ...CHECK });
  } catch {
    return out;
  }
  const [analyticsOnSeoField, seoOnAnalyticsField] = await Promise.allSettled([
    noApiThere(failed.seoBaseUrl) ? swapped.websites.list({ per_page: 10 }) : Promise.reject(new Error('not asked')),
    noApiThere(failed.baseUrl) ? swapped.reports.list({ per_page: 10 }) : Promise.reject(new Error('not asked')),
  ]);
  return { baseUrl: apiThere(seoOnAnalyticsField), seoBaseUrl: apiThere(analyticsOnSeoField) };
}

/** A URL as typed, quoted back with any password masked. */
const shown = (url: string): string => sanitize(maskUrl(url.trim()));

/** Said after a host's problem when its URL had no scheme: sitedeck put https:// in front. */
function assumed(url: string): string {
  const parsed = parseWebUrl(url, { bare: 'https', bareUserinfo: true });
  return parsed.ok && !parsed.schemed ? ` (https:// assumed: no scheme was typed; if the host speaks plain http, write http:// in front)` : '';
}

const FIELD_OF: Record<string, string> = {
  SITEDECK_API_KEY: 'the API key field',
  [BASE_ENV.analytics]: 'the Analytics URL field',
  [BASE_ENV.seo]: 'the SEO URL field',
};

/**
 * The errors' hints name environment variables and commands; on the setup screen the values are
 * the fields being typed, so the hints point there instead.
 */
export function onScreen(message: string): string {
  return message
    .split(KEY_HINT)
    .join('Check the API key field')
    .replace(/^(?:baseUrl|base_url) for the analytics host: /, 'Analytics URL: ')
    .replace(/^(?:seoBaseUrl|seo_base_url) for the SEO host: /, 'SEO URL: ')
    .replace(/SITEDECK_[A-Z_]+/g, (v) => FIELD_OF[v] ?? v);
}
