// Every setting, declared once: its type and allowed values, limits, default, environment variable,
// flag, one-line description and its name in the typed config object. Resolution (flags >
// environment > config file > default), the config object and its type (ResolvedConfig), the global
// flags, `config set/get/unset/show`, completions and docs/configuration.md are all derived from this
// table: a new setting is a new row.
import { excerpt } from '../text/sanitize';
import { parseBaseUrl } from '../domain/baseUrl';
import { EXIT } from '../domain/exitCodes';
import { REQUEST_DEFAULTS } from '../domain/requestDefaults';
import { SETTING_ENV } from '../domain/settingEnv';
import { DEFAULT_STATE_FILE_MB } from '../files/read';
import { MEGABYTE } from '../files/size';
import { booleanWord, FALSE_WORDS, TRUE_WORDS } from './booleanWord';
import { CACHE_ENV, CACHE_FLAG } from './cacheSwitch';
import { splitCommandLine } from './commandLine';
import { THEME_SETTINGS } from './themes';

type SettingKind = 'url' | 'secret' | 'command' | 'boolean' | 'choice' | 'seconds' | 'megabytes' | 'levels';

/** A value as resolved: text, a switch or a number (seconds). */
export type SettingValue = string | boolean | number;

/** A number's limits: seconds above `min`, megabytes and levels from `min`; at most `max`. */
interface Limits {
  readonly min: number;
  readonly max: number;
}

/** What a description written from the limits is given: the limits, and them as people read them (`0 < s ≤ 600`, `1–4096`). */
type LimitWords = Limits & { readonly range: string };

export interface SettingDef {
  kind: SettingKind;
  /** One line for help, `config show` and the configuration reference; from the limits when it names them. */
  description: string | ((limits: LimitWords) => string);
  /** The value when nothing sets it (undefined: none). */
  default?: SettingValue;
  /** Its environment variable. */
  env?: string;
  /**
   * Its global flag as commander declares it: `--base-url <url>` (a value), `--read-only` (sets true),
   * `--no-cache` (sets false).
   */
  flag?: string;
  /** What the flag does, when it says the opposite of the description (`--no-cache`). */
  flagDescription?: string;
  /** `sitedeck config set` writes it (the key is saved by `config set-key` only: never on a command line). */
  settable: boolean;
  /** The choices of a `choice`. */
  values?: readonly string[];
  /** The limits of a number (`seconds`, `megabytes`, `levels`). */
  limits?: Limits;
  /** What `config show` prints instead of the value (the key is masked). */
  secret?: boolean;
  /** Its name in the typed config object when not the camelCase of its own (`timeoutMs`), with `scale`. */
  key?: string;
  /** The config object holds the value times this (seconds → milliseconds: 1000; megabytes → bytes). */
  scale?: number;
}

/** A megabytes setting's limits: beyond 4 GB Node cannot hold an answer's text at all. */
const MEGABYTES = { min: 1, max: 4096 } as const;

export const SETTINGS = {
  base_url: {
    kind: 'url',
    description: 'analytics base URL (with or without /public/api/v1)',
    env: SETTING_ENV.base_url,
    flag: '--base-url <url>',
    settable: true,
  },
  seo_base_url: {
    kind: 'url',
    description: 'SEO base URL (with or without /api/v1)',
    env: SETTING_ENV.seo_base_url,
    flag: '--seo-base-url <url>',
    settable: true,
  },
  api_key: {
    kind: 'secret',
    description: 'API key of both hosts; save it with `config set-key` (the flag shows in the process list)',
    env: SETTING_ENV.api_key,
    flag: '--api-key <key>',
    settable: false,
    secret: true,
  },
  read_only: {
    kind: 'boolean',
    description: 'refuse every change (create, update, delete, rerun)',
    default: false,
    env: SETTING_ENV.read_only,
    flag: '--read-only',
    settable: true,
  },
  cache: {
    kind: 'boolean',
    description: 'the deck keeps and shows its cache of the last pages (warm start); Node keeps the compiled code of sitedeck (a faster launch)',
    default: true,
    env: CACHE_ENV,
    flag: CACHE_FLAG,
    flagDescription: 'the deck neither shows nor keeps its cache of the last pages, and no compiled code is kept',
    settable: true,
  },
  history: {
    kind: 'boolean',
    description: 'keep a score history of the reports read',
    default: true,
    env: 'SITEDECK_HISTORY',
    settable: true,
  },
  theme: {
    kind: 'choice',
    description:
      "the deck's colours; auto (dark or light) and high-contrast (high-contrast-dark or -light) by the terminal's background, " +
      'their dark one when it does not say (doctor tells)',
    default: 'auto',
    values: THEME_SETTINGS,
    env: 'SITEDECK_THEME',
    flag: '--theme <name>',
    settable: true,
  },
  mouse: {
    kind: 'boolean',
    description: 'the deck asks the terminal for mouse clicks and wheel',
    default: true,
    env: 'SITEDECK_MOUSE',
    flag: '--no-mouse',
    flagDescription: 'the deck leaves the mouse to the terminal',
    settable: true,
  },
  timeout: {
    kind: 'seconds',
    description: (l) => `give up on a request after this many seconds (${l.range})`,
    default: REQUEST_DEFAULTS.timeoutSec,
    limits: { min: 0, max: 600 },
    env: 'SITEDECK_TIMEOUT',
    flag: '--timeout <seconds>',
    settable: true,
    key: 'timeoutMs',
    scale: 1000,
  },
  max_wait: {
    kind: 'seconds',
    description: (l) =>
      `longest wait for a host that limits requests (its Retry-After); past it a command exits ${EXIT.rateLimited} and says when to try again (${l.range})`,
    default: REQUEST_DEFAULTS.maxWaitSec,
    limits: { min: 0, max: 86_400 },
    env: 'SITEDECK_MAX_WAIT',
    flag: '--max-wait <seconds>',
    settable: true,
    key: 'maxWaitSec',
  },
  max_body_mb: {
    kind: 'megabytes',
    description: (l) => `most megabytes one answer may hold, on the wire and unpacked (${l.range})`,
    default: REQUEST_DEFAULTS.maxBodyMb,
    limits: MEGABYTES,
    env: SETTING_ENV.max_body_mb,
    flag: '--max-body-mb <megabytes>',
    settable: true,
    key: 'maxBodyBytes',
    scale: MEGABYTE,
  },
  max_depth: {
    kind: 'levels',
    description: (l) => `most levels an answer may nest (objects and arrays; ${l.range}): a deeper one is refused unread`,
    default: REQUEST_DEFAULTS.maxDepth,
    limits: { min: 8, max: 1000 },
    env: 'SITEDECK_MAX_DEPTH',
    flag: '--max-depth <levels>',
    settable: true,
  },
  max_stdin_mb: {
    kind: 'megabytes',
    // Ids and keys are small; 300 MB of them ran out of memory.
    description: (l) => `most megabytes read from standard input (--ids -, a piped key or value; ${l.range})`,
    default: 16,
    limits: MEGABYTES,
    env: 'SITEDECK_MAX_STDIN_MB',
    settable: true,
    key: 'maxStdinBytes',
    scale: MEGABYTE,
  },
  max_state_file_mb: {
    kind: 'megabytes',
    description: (l) =>
      `most megabytes of a state file (config.json, history, cache, pace; ${l.range}): a larger one is refused unread; ` +
      `for config.json itself only the environment counts`,
    default: DEFAULT_STATE_FILE_MB,
    limits: MEGABYTES,
    env: 'SITEDECK_MAX_STATE_FILE_MB',
    settable: true,
    key: 'maxStateFileBytes',
    scale: MEGABYTE,
  },
  screen_reader: {
    kind: 'boolean',
    description: 'the deck speaks linear text for a screen reader: no drawing, no spinner (INK_SCREEN_READER=true too)',
    default: false,
    env: 'SITEDECK_SCREEN_READER',
    flag: '--screen-reader',
    settable: true,
  },
  message_seconds: {
    kind: 'seconds',
    description: (l) =>
      `how long a message stays on the deck's bottom line, an error twice as long; with screen_reader a message stays until the next key (${l.range})`,
    default: 4,
    limits: { min: 0, max: 3600 },
    env: 'SITEDECK_MESSAGE_SECONDS',
    flag: '--message-seconds <seconds>',
    settable: true,
    key: 'messageMs',
    scale: 1000,
  },
  api_key_command: {
    kind: 'command',
    description:
      'a command that prints the API key (`pass show sitedeck`), run once per process without a shell; ' +
      `${SETTING_ENV.api_key} or --api-key win over it, and in a profile it wins over api_key`,
    env: 'SITEDECK_API_KEY_COMMAND',
    settable: true,
  },
} as const satisfies Record<string, SettingDef>;

export type SettingName = keyof typeof SETTINGS;
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];
/** What `config set` takes. */
export const SETTABLE_NAMES = SETTING_NAMES.filter((n) => SETTINGS[n].settable);

/** `base_url` → `baseUrl`: a setting's name in the typed config object, unless its row names another (`key`). */
const camelName = (name: string): string => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
export const configKey = (name: string, def: SettingDef): string => def.key ?? camelName(name);

/** A number's limits as people read them: `0 < s ≤ 600` for seconds (above the least), `1–4096` otherwise. */
export function rangeText(def: SettingDef): string {
  const { min, max } = def.limits ?? { min: 0, max: Infinity };
  return def.kind === 'seconds' ? `${min} < s ≤ ${max}` : `${min}–${max}`;
}

/** The description, with the limits written into it from the row's limits. */
export function settingDescription(def: SettingDef): string {
  if (typeof def.description === 'string') return def.description;
  return def.description({ min: def.limits?.min ?? 0, max: def.limits?.max ?? Infinity, range: rangeText(def) });
}
export const isSettingName = (v: string): v is SettingName => Object.prototype.hasOwnProperty.call(SETTINGS, v);

/** `base-url`, `Base_URL` → `base_url`. */
export const settingNameOf = (raw: string): string => raw.trim().toLowerCase().replace(/-/g, '_');

/** The option name commander gives a flag (`--no-cache` → `cache`, `--base-url <url>` → `baseUrl`). */
export function flagAttribute(flag: string): string {
  const long = flag.split(/[ ,]/)[0].replace(/^--(no-)?/, '');
  return long.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The flag's own word (`--no-cache`, `--base-url`), for messages. */
export const flagWord = (flag: string): string => flag.split(' ')[0];

/** The words a value of this setting may be written as (for messages and completion). */
export function settingWords(def: SettingDef): readonly string[] {
  if (def.kind === 'boolean') return ['true', 'false'];
  if (def.kind === 'choice') return def.values ?? [];
  return [];
}

/** What a value looks like, for help (`true|false`, `auto|dark|…`, `<url>`). */
export function valueShape(def: SettingDef): string {
  if (def.kind === 'boolean') return 'true|false';
  if (def.kind === 'choice') return (def.values ?? []).join('|');
  if (def.kind === 'seconds') return '<seconds>';
  if (def.kind === 'megabytes') return '<megabytes>';
  if (def.kind === 'levels') return '<levels>';
  if (def.kind === 'secret') return '<key>';
  if (def.kind === 'command') return '<command>';
  return '<url>';
}

/** The default as people read it. */
export function defaultText(def: SettingDef): string {
  return def.default === undefined ? 'none' : String(def.default);
}

/** A flag's help line: what it does, its environment variable, its config key and its default. */
export function flagHelp(name: SettingName): string {
  const def: SettingDef = SETTINGS[name];
  const where = [
    def.env,
    def.settable ? `config: ${name}` : undefined,
    def.default !== undefined && !def.flagDescription ? `default ${defaultText(def)}` : undefined,
  ];
  return `${def.flagDescription ?? settingDescription(def)} (${where.filter(Boolean).join('; ')})`;
}

export type Parsed = { ok: true; value: SettingValue } | { ok: false; error: string };

/**
 * A written value (flag, environment, config file or `config set`) → the setting's value, or why not.
 * `from` names where it was written, for the message.
 */
export function parseSetting(name: SettingName, raw: unknown, from: string): Parsed {
  const def: SettingDef = SETTINGS[name];
  if (def.kind === 'boolean') {
    const value = booleanWord(raw);
    if (value !== undefined) return { ok: true, value };
    return { ok: false, error: `${from} must be one of: ${[...TRUE_WORDS, ...FALSE_WORDS].join(', ')} (got "${excerpt(raw)}")` };
  }
  if (def.kind === 'choice') {
    const v = String(raw).trim().toLowerCase();
    if (def.values?.includes(v)) return { ok: true, value: v };
    return { ok: false, error: `${from} must be one of: ${(def.values ?? []).join(', ')} (got "${excerpt(raw)}")` };
  }
  if (def.kind === 'megabytes' || def.kind === 'levels' || def.kind === 'seconds') {
    const text = String(raw).trim();
    const n = Number(text);
    const { min, max } = def.limits ?? { min: 0, max: Infinity };
    const what = { seconds: 'a number of seconds', megabytes: 'a number of megabytes', levels: 'a whole number of levels' }[def.kind];
    const whole = def.kind !== 'levels' || /^\d+$/.test(text);
    // Seconds are above the least (no wait is not a timeout); megabytes and levels may be it.
    const low = def.kind === 'seconds' ? n <= min : n < min;
    if (text === '' || !Number.isFinite(n) || !whole || low || n > max) {
      return { ok: false, error: `${from} must be ${what} between ${min} and ${max} (got "${excerpt(text)}")` };
    }
    return { ok: true, value: n };
  }
  if (typeof raw !== 'string') return { ok: false, error: `${from} must be text (got ${JSON.stringify(raw)})` };
  if (def.kind === 'url') {
    const checked = parseBaseUrl(raw);
    if (!checked.ok) return { ok: false, error: `${from} must be an http:// or https:// URL (${checked.error})` };
    return { ok: true, value: raw.trim() };
  }
  if (def.kind === 'command') {
    const split = splitCommandLine(raw);
    if (!split.ok) return { ok: false, error: `${from} cannot be run: ${split.error}` };
  }
  return { ok: true, value: raw.trim() };
}
