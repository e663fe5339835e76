import type { ConfigFlags } from './types';

/** Parsed command-line options (commander's camelCase names) → the config contract's flags. */
export function configFlagsFrom(opts: Readonly<Record<string, unknown>>): ConfigFlags {
  const s = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    profile: s(opts.profile),
    baseUrl: s(opts.baseUrl),
    seoBaseUrl: s(opts.seoBaseUrl),
    apiKey: s(opts.apiKey),
    readOnly: opts.readOnly === true ? true : undefined,
    cache: opts.cache === false ? false : undefined,
    timeout: s(opts.timeout),
    theme: s(opts.theme),
    mouse: opts.mouse === false ? false : undefined,
  };
}
