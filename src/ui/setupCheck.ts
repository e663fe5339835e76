import { createClient } from '../api';
import { saveProfile } from '../config';
import type { SetupCheck } from './screens/SetupScreen';

/** One list call to each host; says which refused and why; saves the profile (0600) when both answer. */
export const checkAndSave: SetupCheck = async (v) => {
  let client;
  try {
    client = createClient({ baseUrl: v.baseUrl, seoBaseUrl: v.seoBaseUrl, apiKey: v.apiKey, retries: 0, timeoutMs: 10_000 });
  } catch (e) {
    return { ok: false, problems: [(e as Error).message.replace(/^sitedeck: /, '')] };
  }
  const [a, s] = await Promise.allSettled([client.websites.list({ per_page: 10 }), client.reports.list({ per_page: 10 })]);
  const problems: string[] = [];
  if (a.status === 'rejected') problems.push(`Analytics host refused: ${(a.reason as Error)?.message ?? String(a.reason)}`);
  if (s.status === 'rejected') problems.push(`SEO host refused: ${(s.reason as Error)?.message ?? String(s.reason)}`);
  if (problems.length) return { ok: false, problems };
  const savedTo = await saveProfile(v.profile, { base_url: v.baseUrl, seo_base_url: v.seoBaseUrl, api_key: v.apiKey }, { makeCurrent: true });
  return { ok: true, savedTo };
};
