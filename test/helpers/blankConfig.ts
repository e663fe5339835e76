// A configuration with nothing set (the set-up screen's start): every setting at its default, the
// default profile, in a folder given or one that does not exist.
import { join } from 'node:path';
import { settingFields } from '../../src/config/resolve';
import type { ResolvedConfig } from '../../src/config/types';

export function blankConfig(configDir = '/nonexistent', over: Partial<ResolvedConfig> = {}): ResolvedConfig {
  return {
    ...settingFields({}),
    profile: 'default',
    readOnly: false,
    cache: false,
    sources: {},
    configDir,
    configPath: join(configDir, 'config.json'),
    warnings: [],
    ...over,
  };
}
