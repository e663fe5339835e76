// The deck's themes, as the setting `theme` takes them.

/** The deck's themes (src/ui/themes/palettes.ts draws them): each is for a dark or a light background. */
export const THEMES = ['dark', 'light', 'high-contrast-dark', 'high-contrast-light'] as const;
export type ThemeName = (typeof THEMES)[number];
/**
 * What `theme` may be set to: a theme, or one the terminal's background decides: auto (dark or
 * light) and high-contrast (high-contrast-dark or -light). A terminal that does not say its
 * background gets the dark one of either: naming the theme is how to say it (`sitedeck doctor`).
 */
export const THEME_SETTINGS = ['auto', 'dark', 'light', 'high-contrast', 'high-contrast-dark', 'high-contrast-light'] as const;
export type ThemeSetting = (typeof THEME_SETTINGS)[number];
