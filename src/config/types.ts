// The configuration contract: flags > environment > config file > defaults.

/** The deck's themes (src/ui/themes/palettes.ts draws them). */
export const THEMES = ['dark', 'light', 'high-contrast'] as const;
export type ThemeName = (typeof THEMES)[number];
/** What `theme` may be set to: a theme, or auto (the terminal's background decides). */
export const THEME_SETTINGS = ['auto', ...THEMES] as const;
export type ThemeSetting = (typeof THEME_SETTINGS)[number];
export const isThemeSetting = (v: string): v is ThemeSetting => (THEME_SETTINGS as readonly string[]).includes(v);

/** One named profile in the config file (snake_case, as written on disk). */
export interface Profile {
  base_url?: string;
  seo_base_url?: string;
  api_key?: string;
  read_only?: boolean;
  /** Keep the last pages shown for a warm start (default true). */
  cache?: boolean;
  /** Keep a score history of the reports read (default true). */
  history?: boolean;
  /** The deck's theme (default auto). */
  theme?: ThemeSetting;
  /** Mouse reporting in the deck (default on). */
  mouse?: boolean;
  /** Saved views by name, as written (checked when used: src/domain/views.ts). */
  views?: Record<string, unknown>;
}

/** config.json in $SITEDECK_CONFIG_DIR or $XDG_CONFIG_HOME/sitedeck (~/.config/sitedeck). */
export interface ConfigFile {
  /** Profile used when none is named. */
  current?: string;
  profiles: Record<string, Profile>;
  /** The deck's own keys, by mode and action, as written (checked at start: src/ui/keyConfig.ts). */
  keys?: unknown;
}

/** What flags can say (the deck and every command share them). */
export interface ConfigFlags {
  profile?: string;
  baseUrl?: string;
  seoBaseUrl?: string;
  apiKey?: string;
  readOnly?: boolean;
  /** false: --no-cache (the deck neither reads nor writes its warm-start cache). */
  cache?: boolean;
  /** Per-request timeout in seconds, as typed (SITEDECK_TIMEOUT otherwise). */
  timeout?: string;
  /** --theme, as typed. */
  theme?: string;
  /** false: --no-mouse. */
  mouse?: boolean;
}

export type Source = 'flag' | 'env' | 'file' | 'default';

export interface ResolvedConfig {
  profile: string;
  /** Whether the config file has a profile of that name (an unknown --profile is worth saying). */
  profileFound?: boolean;
  baseUrl?: string;
  seoBaseUrl?: string;
  apiKey?: string;
  readOnly: boolean;
  /** Whether the deck keeps and shows its warm-start cache. */
  cache: boolean;
  /** Record the score history of the reports read; false after `config set history false` (absent: on). */
  history?: boolean;
  /** The deck's theme; undefined = auto. */
  theme?: ThemeSetting;
  /** Whether the deck asks the terminal for mouse reports (--no-mouse, config mouse false: no). */
  mouse?: boolean;
  /** The profile's saved views, as written in the file. */
  views?: Record<string, unknown>;
  /** Per-attempt request timeout; undefined = the client's default. */
  timeoutMs?: number;
  /** Most bytes of one answer (SITEDECK_MAX_BODY_MB); undefined = the client's default (32 MB). */
  maxBodyBytes?: number;
  /** Where each value came from (for `config show` and messages). */
  sources: { baseUrl?: Source; seoBaseUrl?: Source; apiKey?: Source; readOnly: Source; cache: Source; theme?: Source };
  configDir: string;
  configPath: string;
  /** Warnings to show once (a key given on the command line, …). */
  warnings: string[];
}

/** Complete enough to talk to both hosts. */
export function isComplete(c: ResolvedConfig): c is ResolvedConfig & { baseUrl: string; seoBaseUrl: string; apiKey: string } {
  return Boolean(c.baseUrl && c.seoBaseUrl && c.apiKey);
}
