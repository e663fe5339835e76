// `sitedeck doctor`, the configuration: the file and its mode, its directory, the profile, and
// where each setting comes from (the table `config show` prints). The key is named, never shown.
import { lookAt } from '../files/look';
import { dirname } from 'node:path';
import { configDirFrom, configExposure, configPathIn, isConfigError, loadConfig, modeText, readConfigFile, resolveConfig, type Env } from '../config';
import { CONFIG_DIR_ENV } from '../config/environment';
import { SETTING_NAMES, type SettingName } from '../config/settings';
import type { ConfigFile, ConfigFlags, ResolvedConfig } from '../config/types';
import { HOW } from './client';
import { shownValue, SOURCE_WORD } from './config';
import type { DoctorCheck } from './doctorCheck';
import { EXIT } from './exitCodes';

const octal = modeText;

const statOf = lookAt;

/** The file: there or not, readable JSON, and trusted with what it holds (the rule sitedeck loads it by). */
function fileCheck(path: string): DoctorCheck {
  const base = { id: 'config.file', group: 'config', title: 'config file' } as const;
  const st = statOf(path);
  if (st === 'missing') return { ...base, status: 'ok', detail: `none at ${path}: settings come from flags and the environment` };
  if (st instanceof Error)
    return { ...base, status: 'fail', detail: `cannot read ${path}: ${st.message}`, fix: `check the file's owner and mode (ls -l ${path})` };
  let file: ConfigFile | undefined;
  try {
    file = readConfigFile(path, { allowLoose: true });
  } catch (e) {
    return { ...base, status: 'fail', detail: (e as Error).message, fix: `fix or remove ${path}` };
  }
  const refused = file && configExposure(path, file, st);
  if (refused) return { ...base, status: 'fail', detail: `${refused.problem}: sitedeck refuses it`, fix: refused.fix };
  if ((st.mode & 0o077) === 0) return { ...base, status: 'ok', detail: `${path} (mode ${octal(st.mode)})` };
  return { ...base, status: 'warn', detail: `${path} has mode ${octal(st.mode)}: other users can read it (it holds no key yet)`, fix: `chmod 600 ${path}` };
}

/** The directory: others must not be able to replace the file in it. */
function dirCheck(dir: string): DoctorCheck {
  const base = { id: 'config.dir', group: 'config', title: 'config directory' } as const;
  const st = statOf(dir);
  if (st === 'missing') return { ...base, status: 'ok', detail: `${dir} (made with mode 0700 on the first save)` };
  if (st instanceof Error) return { ...base, status: 'fail', detail: `cannot read ${dir}: ${st.message}`, fix: `check its owner and mode (ls -ld ${dir})` };
  // Sticky (/tmp): others may write in it but cannot replace a file they do not own.
  if ((st.mode & 0o022) !== 0 && (st.mode & 0o1000) !== 0) {
    return {
      ...base,
      status: 'warn',
      detail: `${dir} has mode ${octal(st.mode)}: shared with other users (sticky: they cannot replace the file, but see what is there)`,
      fix: `keep the config in a directory of your own, e.g. unset ${CONFIG_DIR_ENV}`,
    };
  }
  if ((st.mode & 0o022) !== 0) {
    return {
      ...base,
      status: 'fail',
      detail: `${dir} has mode ${octal(st.mode)}: other users can replace the config file in it (and send the key elsewhere)`,
      fix: `chmod 700 ${dir}`,
    };
  }
  return { ...base, status: 'ok', detail: `${dir} (mode ${octal(st.mode)})` };
}

function profileCheck(c: ResolvedConfig): DoctorCheck {
  const base = { id: 'config.profile', group: 'config', title: 'profile' } as const;
  if (c.profileFound) return { ...base, status: 'ok', detail: `"${c.profile}"` };
  if (c.profile === 'default') return { ...base, status: 'ok', detail: '"default" (not in the config file)' };
  return {
    ...base,
    status: 'fail',
    detail: `"${c.profile}" is not in ${c.configPath}`,
    fix: 'see the profiles with `sitedeck config profiles`, or create it: sitedeck --profile NAME config set base_url URL',
  };
}

/** The settings a host cannot be reached without, and how to give each. */
const REQUIRED: Partial<Record<SettingName, string>> = {
  base_url: `pass ${HOW.baseUrl.flag}, set ${HOW.baseUrl.env}, or run: ${HOW.baseUrl.set}`,
  seo_base_url: `pass ${HOW.seoBaseUrl.flag}, set ${HOW.seoBaseUrl.env}, or run: ${HOW.seoBaseUrl.set}`,
  api_key: HOW.apiKey,
};

function settingCheck(c: ResolvedConfig, name: SettingName): DoctorCheck {
  const base = { id: `setting.${name}`, group: 'settings', title: name } as const;
  const source = SOURCE_WORD[c.sources[name] ?? 'default'];
  const value = shownValue(c, name);
  if (value === null || value === '') {
    const fix = name === 'api_key' && c.keyByCommand ? undefined : REQUIRED[name];
    return fix ? { ...base, status: 'fail', detail: 'not set', fix } : { ...base, status: 'ok', detail: `not set (${source})` };
  }
  // The key: where it comes from, never any of it (nor what its command printed).
  if (name === 'api_key' && c.keyByCommand)
    return { ...base, status: 'ok', detail: `from api_key_command (${SOURCE_WORD[c.sources.api_key_command ?? 'default']})` };
  return { ...base, status: 'ok', detail: `${name === 'api_key' ? 'set' : value} (${source})` };
}

/** The configuration's checks, and the configuration itself when it could be resolved. */
export function configChecks(flags: ConfigFlags, env: Env): { checks: DoctorCheck[]; config?: ResolvedConfig } {
  const configDir = configDirFrom(env);
  const path = configPathIn(configDir);
  const checks = [fileCheck(path), dirCheck(dirname(path))];
  let config: ResolvedConfig | undefined;
  try {
    config = loadConfig(flags, env);
  } catch (e) {
    if (!isConfigError(e)) throw e;
    // The file is refused (said above): what flags and the environment say can still be checked.
    if (checks[0].status !== 'fail')
      checks.push({
        id: 'config.load',
        group: 'config',
        title: 'settings',
        status: 'fail',
        detail: e.message,
        fix: 'correct the value named',
        code: EXIT.usage,
      });
    try {
      config = resolveConfig({ flags, env, configDir });
    } catch {
      config = undefined;
    }
  }
  if (!config) return { checks };
  checks.push(profileCheck(config));
  for (const name of SETTING_NAMES) checks.push(settingCheck(config, name));
  return { checks, config };
}
