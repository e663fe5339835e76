// The emulator runs inside the bench process, loaded from the sources through tsx, so the bench can
// read its `hits` directly (exact request counts, and whether a request is still unanswered).

import { register } from 'tsx/esm/api';

register();
const { startEmulator } = await import('../../src/emulator/index.ts');

export { startEmulator };

/** Env that points the deck at `emu` with its own empty config dir. */
export function deckEnv(emu, configDir) {
  return {
    SITEDECK_BASE_URL: emu.baseUrl,
    SITEDECK_SEO_BASE_URL: emu.seoBaseUrl,
    SITEDECK_API_KEY: emu.apiKey,
    SITEDECK_CONFIG_DIR: configDir,
  };
}

/** True when every request the emulator received has been answered. */
export const allAnswered = (emu) => emu.hits.every((h) => h.status !== 0);

/** The list request the deck sends first, as a URL (for the curl baseline). */
export function urlOfHit(emu, hit) {
  const origin = hit.host === 'seo' ? emu.seoBaseUrl : emu.baseUrl;
  const q = new URLSearchParams(hit.query).toString();
  return `${origin}${hit.path}${q ? `?${q}` : ''}`;
}
