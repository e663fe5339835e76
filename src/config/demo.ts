// `--demo`: the configuration of a face running on the built-in emulator. No profile is read for
// the hosts or the key (a user on demo data never reaches a real host); the look (theme, mouse) and
// the limits still follow the flags and the environment.
import type { ResolvedConfig } from './types';

export interface DemoHosts {
  baseUrl: string;
  seoBaseUrl: string;
  apiKey: string;
}

export function demoConfig(resolved: ResolvedConfig, hosts: DemoHosts, readOnly: boolean): ResolvedConfig {
  return {
    ...resolved,
    profile: 'demo',
    profileFound: false,
    baseUrl: hosts.baseUrl,
    seoBaseUrl: hosts.seoBaseUrl,
    apiKey: hosts.apiKey,
    apiKeyCommand: undefined,
    keyByCommand: false,
    readOnly,
    // The emulator starts afresh on a new port each time: nothing to warm-start from, no history to keep.
    cache: false,
    history: false,
    views: undefined,
    sources: {
      ...resolved.sources,
      base_url: 'default',
      seo_base_url: 'default',
      api_key: 'default',
      api_key_command: 'default',
      read_only: readOnly ? 'flag' : 'default',
      cache: 'default',
      history: 'default',
    },
    warnings: [],
    plainHttp: undefined,
  };
}

/** Said on stderr by every command run with --demo. */
export const DEMO_NOTE = 'sitedeck: demo: the built-in emulator with sample data (nothing here reaches a real host; changes last as long as this command)\n';
