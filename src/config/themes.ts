// The deck's themes, as the setting `theme` takes them.

/** The deck's themes (src/ui/themes/palettes.ts draws them). */
export const THEMES = ['dark', 'light', 'high-contrast'] as const;
export type ThemeName = (typeof THEMES)[number];
/** What `theme` may be set to: a theme, or auto (the terminal's background decides). */
export const THEME_SETTINGS = ['auto', ...THEMES] as const;
export type ThemeSetting = (typeof THEME_SETTINGS)[number];
