// A client for one command, or a clear message saying which configuration is missing.
import { createClient } from '../api';
import { profileDatabase } from '../files/db';
import type { Client, ClientOptions } from '../api/types';
import { flagWord, SETTINGS } from '../config/settings';
import type { ResolvedConfig } from '../config/types';
import type { ResourceDef } from '../domain';
import { EXIT } from './exitCodes';
import { CommandFailure } from './failure';
import type { Io } from './io';

/** Every way to give a host's base URL, each from its setting's row. */
const howToGive = (name: 'base_url' | 'seo_base_url', what: string) => {
  const row = SETTINGS[name];
  return { what, flag: `${flagWord(row.flag)} URL`, env: row.env, set: `sitedeck config set ${name} URL` };
};

export const HOW = {
  baseUrl: howToGive('base_url', 'the analytics base URL'),
  seoBaseUrl: howToGive('seo_base_url', 'the SEO base URL'),
  apiKey: `set ${SETTINGS.api_key.env}, or run: sitedeck config set-key (reads it from stdin)`,
  apiKeyEnv: SETTINGS.api_key.env,
} as const;

/** Lines saying what is missing for `def`'s host and every way to set it; empty when complete. */
function missingConfig(config: ResolvedConfig, def: ResourceDef): string[] {
  const lines: string[] = [];
  const urlKey = def.host === 'analytics' ? 'baseUrl' : 'seoBaseUrl';
  const where = `profile "${config.profile}"`;
  if (!config[urlKey]) {
    const h = HOW[urlKey];
    lines.push(`missing ${h.what} (${where}): pass ${h.flag}, set ${h.env}, or run: ${h.set}`);
  }
  if (!config.apiKey) {
    lines.push(`missing the API key (${where}): ${HOW.apiKey}`);
  }
  if (lines.length && config.profileFound === false && config.profile !== 'default') {
    lines.unshift(`profile "${config.profile}" is not in ${config.configPath} (see: sitedeck config profiles)`);
  }
  return lines;
}

export function clientFor(config: ResolvedConfig, def: ResourceDef, io: Pick<Io, 'env' | 'stderr'>): Client {
  const missing = missingConfig(config, def);
  if (missing.length) throw new CommandFailure(EXIT.usage, missing);
  return commandClient(config, io);
}

/**
 * The client every command uses, with its shared pacer: the hosts and key of `config` (both
 * checked by the caller), its warnings on `io`'s stderr, and `extra` options (doctor's single attempts, its view of each answer).
 */
export function commandClient(
  config: ResolvedConfig,
  io: Pick<Io, 'env' | 'stderr'>,
  extra: Pick<ClientOptions, 'retries' | 'rateLimitRetries' | 'onAnswer'> = {},
): Client {
  // A command talks to one host; the other base only has to be well-formed, so the one given stands in.
  const base = (config.baseUrl ?? config.seoBaseUrl)!;
  const seo = (config.seoBaseUrl ?? config.baseUrl)!;
  try {
    // pace.shared: one budget per host for every sitedeck process on the profile (api/pace/store.ts).
    const onWarning = (text: string) => io.stderr.write(`sitedeck: ${text}\n`);
    return createClient({
      baseUrl: base,
      seoBaseUrl: seo,
      apiKey: config.apiKey!,
      timeoutMs: config.timeoutMs,
      maxBodyBytes: config.maxBodyBytes,
      maxRetryAfterSec: config.maxWaitSec,
      maxDepth: config.maxDepth,
      pace: { shared: true, database: profileDatabase(io.env, config.profile), onWarning },
      ...extra,
    });
  } catch (e) {
    // A base URL that cannot be an endpoint: a usage problem, said in the client's words.
    throw new CommandFailure(EXIT.usage, String((e as Error).message).replace(/^sitedeck: /, ''));
  }
}
