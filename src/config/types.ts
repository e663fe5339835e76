// The configuration contract: flags > environment > config file > defaults.
import type { SETTINGS, SettingName } from './settings';

export { THEMES, THEME_SETTINGS, type ThemeName, type ThemeSetting } from './themes';

/** What a setting of each kind is written as in the config file. */
interface KindValue {
  url: string;
  secret: string;
  command: string;
  boolean: boolean;
  choice: string;
  seconds: number;
  megabytes: number;
  levels: number;
}

/**
 * One named profile in the config file (snake_case, as written on disk): every setting of the one
 * table (src/config/settings.ts), and the saved views.
 */
export type Profile = { -readonly [K in SettingName]?: KindValue[(typeof SETTINGS)[K]['kind']] } & {
  /** Saved views by name, as written (checked when used: src/domain/views.ts). */
  views?: Record<string, unknown>;
};

/** config.json in $SITEDECK_CONFIG_DIR or $XDG_CONFIG_HOME/sitedeck (~/.config/sitedeck). */
export interface ConfigFile {
  /** Profile used when none is named. */
  current?: string;
  profiles: Record<string, Profile>;
  /** The deck's own keys, by mode and action, as written (checked at start: src/ui/keys/keyConfig.ts). */
  keys?: unknown;
}

/**
 * What flags can say (the deck and every command share them): the profile, and each setting's flag under
 * commander's name for it (`baseUrl`, `readOnly`, `cache` for --no-cache: flagAttribute in settings.ts).
 */
export type ConfigFlags = { profile?: string } & { [attribute: string]: string | boolean | undefined };

export type Source = 'flag' | 'env' | 'file' | 'default';

type Table = typeof SETTINGS;

/** `base_url` → `baseUrl`, at the type level (camelName in settings.ts at run time). */
type Camel<S extends string> = S extends `${infer A}_${infer B}` ? `${A}${Capitalize<Camel<B>>}` : S;
/** A setting's name in the config object: its row's `key`, else the camelCase of its name. */
type KeyOf<N extends SettingName> = Table[N] extends { key: infer K extends string } ? K : Camel<N>;
/** What the config object holds for a row: a switch, one of its choices, a number, or text. */
type ValueOfRow<D> = D extends { kind: 'boolean' }
  ? boolean
  : D extends { kind: 'choice'; values: readonly (infer V)[] }
    ? V
    : D extends { kind: 'seconds' | 'megabytes' | 'levels' }
      ? number
      : string;
/** The settings with a default: always in the config object. */
type Defaulted = { [N in SettingName]: Table[N] extends { default: unknown } ? N : never }[SettingName];

/**
 * Every setting of the table in the typed config object, inferred from the rows (settingFields in
 * resolve.ts fills it): present when the row has a default, optional when it has none.
 */
export type SettingFields = { -readonly [N in Defaulted as KeyOf<N>]: ValueOfRow<Table[N]> } & {
  -readonly [N in Exclude<SettingName, Defaulted> as KeyOf<N>]?: ValueOfRow<Table[N]>;
};

/** The configuration in use: every setting (SettingFields), and where each came from. */
export type ResolvedConfig = SettingFields & {
  profile: string;
  /** Whether the config file has a profile of that name (an unknown --profile is worth saying). */
  profileFound?: boolean;
  /** The key comes from apiKeyCommand: apiKey is unset until withCommandKey has run it. */
  keyByCommand?: boolean;
  /** The profile's saved views, as written in the file. */
  views?: Record<string, unknown>;
  /** Where each setting's value came from, by the setting's name (for `config show` and messages). */
  sources: Partial<Record<SettingName, Source>>;
  configDir: string;
  configPath: string;
  /** Warnings to show once (a key given on the command line, …). */
  warnings: string[];
  /** The base URLs' plain-http warnings (also in `warnings`), for the deck's flash. */
  plainHttp?: string[];
};

/** Complete enough to talk to both hosts. */
export function isComplete(c: ResolvedConfig): c is ResolvedConfig & { baseUrl: string; seoBaseUrl: string; apiKey: string } {
  return Boolean(c.baseUrl && c.seoBaseUrl && c.apiKey);
}
