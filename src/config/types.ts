// The configuration contract: flags > environment > config file > defaults.
import type { SETTINGS, SettingName } from './settings';

/** The deck's themes (src/ui/themes/palettes.ts draws them). */
export const THEMES = ['dark', 'light', 'high-contrast'] as const;
export type ThemeName = (typeof THEMES)[number];
/** What `theme` may be set to: a theme, or auto (the terminal's background decides). */
export const THEME_SETTINGS = ['auto', ...THEMES] as const;
export type ThemeSetting = (typeof THEME_SETTINGS)[number];
export const isThemeSetting = (v: string): v is ThemeSetting => (THEME_SETTINGS as readonly string[]).includes(v);

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
  /** The deck's own keys, by mode and action, as written (checked at start: src/ui/keyConfig.ts). */
  keys?: unknown;
}

/**
 * What flags can say (the deck and every command share them): the profile, and each setting's flag under
 * commander's name for it (`baseUrl`, `readOnly`, `cache` for --no-cache: flagAttribute in settings.ts).
 */
export type ConfigFlags = { profile?: string } & { [attribute: string]: string | boolean | undefined };

export type Source = 'flag' | 'env' | 'file' | 'default';

export interface ResolvedConfig {
  profile: string;
  /** Whether the config file has a profile of that name (an unknown --profile is worth saying). */
  profileFound?: boolean;
  baseUrl?: string;
  seoBaseUrl?: string;
  apiKey?: string;
  /** api_key_command as resolved, whether or not it is the key's source. */
  apiKeyCommand?: string;
  /** The key comes from apiKeyCommand: apiKey is unset until withCommandKey has run it. */
  keyByCommand?: boolean;
  readOnly: boolean;
  /** Whether the deck keeps and shows its warm-start cache. */
  cache: boolean;
  /** Record the score history of the reports read; false after `config set history false` (absent: on). */
  history?: boolean;
  /** The deck's theme; undefined = auto. */
  theme?: ThemeSetting;
  /** Whether the deck asks the terminal for mouse reports (--no-mouse, config mouse false: no). */
  mouse?: boolean;
  /** Whether the deck speaks linear text for a screen reader (src/ui/spoken); INK_SCREEN_READER=true also turns it on. */
  screenReader?: boolean;
  /** The profile's saved views, as written in the file. */
  views?: Record<string, unknown>;
  /** Per-attempt request timeout; undefined = the client's default. */
  timeoutMs?: number;
  /** Most bytes of one answer (SITEDECK_MAX_BODY_MB); undefined = the client's default (32 MB). */
  maxBodyBytes?: number;
  /** Longest Retry-After waited out (max_wait), in seconds; undefined = the client's default. */
  maxWaitSec?: number;
  /** Most levels an answer may nest (max_depth); undefined = the client's default (64). */
  maxDepth?: number;
  /** Most bytes read from standard input (max_stdin_mb). */
  maxStdinBytes?: number;
  /** Most bytes of a state file (max_state_file_mb). */
  maxStateFileBytes?: number;
  /** Where each value came from (for `config show` and messages). */
  /** Where each setting's value came from, by the setting's name (for `config show` and messages). */
  sources: Partial<Record<SettingName, Source>>;
  configDir: string;
  configPath: string;
  /** Warnings to show once (a key given on the command line, …). */
  warnings: string[];
  /** The base URLs' plain-http warnings (also in `warnings`), for the deck's flash. */
  plainHttp?: string[];
}

/** Complete enough to talk to both hosts. */
export function isComplete(c: ResolvedConfig): c is ResolvedConfig & { baseUrl: string; seoBaseUrl: string; apiKey: string } {
  return Boolean(c.baseUrl && c.seoBaseUrl && c.apiKey);
}
