// Why read-only mode is on, in the words of where it was set: a refusal names the one place to
// change it (the flag typed, the environment variable, or the profile's line in its config file).
import type { ResolvedConfig } from './types';
import { SETTINGS } from './settings';

export function readOnlyWhy(config: Pick<ResolvedConfig, 'sources' | 'profile' | 'configPath'>): string {
  switch (config.sources.read_only) {
    case 'flag':
      return `${SETTINGS.read_only.flag} is set`;
    case 'env':
      return `${SETTINGS.read_only.env} is set in the environment`;
    default:
      return `profile "${config.profile}" is read-only (read_only in ${config.configPath}: sitedeck --profile ${config.profile} config unset read_only)`;
  }
}
