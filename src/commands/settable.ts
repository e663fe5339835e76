// The settings `sitedeck config set` takes, by their config-file name (kebab-case accepted too).
// Its own module: the command definitions (help, completions) read it without loading `config`.
export const SETTABLE = ['base_url', 'seo_base_url', 'read_only', 'cache', 'history', 'theme', 'mouse'] as const;
export type Settable = (typeof SETTABLE)[number];
