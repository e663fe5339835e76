import { createClient } from '../api';
import { BASE_ENV, KEY_HINT } from '../api/messages';
import { saveProfile } from '../config';
import type { SetupCheck } from './screens/SetupScreen';

/** One list call to each host; says which refused and why; saves the profile (0600) when both answer. */
export const checkAndSave: SetupCheck = async (v, opts = {}) => {
  let client;
  try {
    client = createClient({ baseUrl: v.baseUrl, seoBaseUrl: v.seoBaseUrl, apiKey: v.apiKey, retries: 0, timeoutMs: 10_000 });
  } catch (e) {
    return { ok: false, problems: [onScreen((e as Error).message.replace(/^sitedeck: /, ''))] };
  }
  const [a, s] = await Promise.allSettled([client.websites.list({ per_page: 10 }), client.reports.list({ per_page: 10 })]);
  const problems: string[] = [];
  if (a.status === 'rejected') problems.push(`Analytics host: ${onScreen((a.reason as Error)?.message ?? String(a.reason))}`);
  if (s.status === 'rejected') problems.push(`SEO host: ${onScreen((s.reason as Error)?.message ?? String(s.reason))}`);
  if (problems.length) return { ok: false, problems };
  // A key that came from api_key_command stays where it lives: only a key typed here is saved.
  const apiKey = opts.commandKey !== undefined && v.apiKey === opts.commandKey ? undefined : v.apiKey;
  const savedTo = await saveProfile(v.profile, { base_url: v.baseUrl, seo_base_url: v.seoBaseUrl, api_key: apiKey }, { makeCurrent: true, env: process.env });
  return { ok: true, savedTo };
};

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
