// The deck's glyphs, apart from the theme's React context so the pre-paint can use them without React.

/** The deck's name at the left of the header (the pre-paint draws it too, before Ink loads). */
export const BRAND = ' sitedeck ';

export const GLYPHS = {
  selected: '›',
  /** A row marked for a bulk action. */
  marked: '*',
  lock: '■',
  sortAsc: '↑',
  sortDesc: '↓',
  /** One glyph per result class in proportional bars: the mix reads without colour. */
  classBar: { good: '█', decent: '▓', bad: '░' },
  failed: '✗',
  passed: '✓',
  /** A row a watch refresh found new or changed. */
  changed: '•',
  spinner: ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'],
} as const;
