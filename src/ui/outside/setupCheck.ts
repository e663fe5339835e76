import { isApiError, type ApiError } from '../../api/errors';
import { BASE_ENV, KEY_HINT } from '../../api/messages';
import { probeHosts, type HostsProbe, type UrlField } from '../../api/probeHosts';
import { saveProfile } from '../../config';
import type { Env } from '../../config/paths';
import { SETTINGS } from '../../config/settings';
import { resourceDef } from '../../domain';
import { maskUrl } from '../../text/maskUrl';
import { sanitize } from '../../text/sanitize';
import { parseWebUrl } from '../../text/webUrl';
import type { SetupCheck, SetupProblem, SetupValues } from '../screens/SetupScreen';

/** Each host's field, its words, and the API path its list call asks for. */
const HOSTS = {
  baseUrl: { host: 'Analytics host', field: 'Analytics URL', api: 'analytics', path: resourceDef('websites').apiPath },
  seoBaseUrl: { host: 'SEO host', field: 'SEO URL', api: 'SEO', path: resourceDef('reports').apiPath },
} as const;
const OTHER: Record<UrlField, UrlField> = { baseUrl: 'seoBaseUrl', seoBaseUrl: 'baseUrl' };

/** Both hosts' list calls (src/api/probeHosts.ts); says which refused and why; saves the profile (0600) under `env`'s config folder when both answer. */
export const checkAndSaveIn =
  (env: Env): SetupCheck =>
  async (v, opts = {}) => {
    const probe = await probeHosts(v);
    if (probe.kind === 'unusable') {
      const text = onScreen(probe.message);
      return { ok: false, problems: [{ text, fields: text.startsWith('SEO URL') ? ['seoBaseUrl'] : text.startsWith('Analytics URL') ? ['baseUrl'] : [] }] };
    }
    const failed = probe.answers;
    if (failed.baseUrl.status === 'rejected' || failed.seoBaseUrl.status === 'rejected') return { ok: false, problems: hostProblems(v, probe) };
    // A key that came from api_key_command stays where it lives: only a key typed here is saved.
    const apiKey = opts.commandKey !== undefined && v.apiKey === opts.commandKey ? undefined : v.apiKey;
    const savedTo = await saveProfile(v.profile, { base_url: v.baseUrl, seo_base_url: v.seoBaseUrl, api_key: apiKey }, { makeCurrent: true, env });
    return { ok: true, savedTo };
  };

/**
 * What is wrong, one problem per host that refused, each tied to the fields it is about (it goes when
 * one of them changes). A URL that found no API was asked for the other host's API: both answering
 * is a swap, said once; one answering is said on its field.
 */
function hostProblems(v: SetupValues, { answers: failed, answersOther }: Extract<HostsProbe, { kind: 'answered' }>): SetupProblem[] {
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

/** A URL as typed, quoted back with any password masked. */
const shown = (url: string): string => sanitize(maskUrl(url.trim()));

/** Said after a host's problem when its URL had no scheme: sitedeck put https:// in front. */
function assumed(url: string): string {
  const parsed = parseWebUrl(url, { bare: 'https', bareUserinfo: true });
  return parsed.ok && !parsed.schemed ? ` (https:// assumed: no scheme was typed; if the host speaks plain http, write http:// in front)` : '';
}

/** The variables the errors' hints name, and the field that stands for each here. */
const FIELD_OF = new Map([
  [SETTINGS.api_key.env, 'the API key field'],
  [BASE_ENV.analytics, 'the Analytics URL field'],
  [BASE_ENV.seo, 'the SEO URL field'],
]);
/** Each of them as a whole name (SITEDECK_API_KEY_COMMAND is not the key's). */
const variables = new RegExp(`\\b(?:${[...FIELD_OF.keys()].join('|')})\\b`, 'g');

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
    .replace(variables, (v) => FIELD_OF.get(v) ?? v);
}
