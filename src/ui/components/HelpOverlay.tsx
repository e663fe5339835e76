import { appendAll, maxOf } from '../../text/bounded';
import { Box, Text, type DOMElement } from 'ink';
import { useRef } from 'react';
import { COMMANDS, PROMPT_HELP } from '../keys/promptCommands';
import type { DeckState } from '../../state/types';
import { filterSections, helpSections, rowMatches } from '../keys/keyHelp';
import { wrapText } from '../../text/wrap';
import { fit } from '../words/text';
import { GLYPHS, useTheme } from '../themes/theme';
import { keyOf } from '../keys/keyWords';
import { useReportDrawn } from '../layout/useDrawn';
import { giveWay, giveWayToLeast, lastGoFirst } from '../input/giveWay';
import { cursorText } from './fields/cursorText';
import { useTextCursor } from '../hooks/textCursor';
import { sameWords, useDeck } from '../hooks/useDeck';
import { typingHelpFilter } from '../../state/selectors';

interface Line {
  text: string;
  title?: boolean;
  /** Refused here: greyed, with the reason after the description. */
  disabled?: boolean;
  /** The rest of a description or run of text wrapped from the line before. */
  cont?: boolean;
}

/** The help's filter, when it shows one (typed, or kept). */
const filterOf = (state: DeckState): string | undefined => (state.overlay?.kind === 'help' ? state.overlay.filter : undefined);

/**
 * Help lines straight from the keymap, each binding once, the keys of the screen help was opened
 * over first; a key refused here says why. In a column `width` wide, a description that does not
 * fit goes on under itself (never cut). With a filter, only what matches it.
 */
export function helpLines(state: DeckState, width = Infinity): Line[] {
  const filter = filterOf(state);
  const all = helpSections(state);
  // Unfiltered, the keys of the screen help is over and those of every screen (at 80×24 in a few
  // pages); the other screens' keys are named in one line and found by the filter, as every key is.
  const sections = filter ? filterSections(all, filter) : all.filter((s) => s.here);
  const elsewhere = filter ? [] : all.filter((s) => !s.here).map((s) => s.title.replace(/ \(.*\)$/, ''));
  // The keys column fits the longest label shown (every key a binding has), within reason.
  const keysWidth = Math.min(
    16,
    maxOf(
      sections.flatMap((s) => s.rows.map((r) => r.keys.length + 1)),
      9,
    ),
  );
  // One cell of the column is the space before each line.
  const room = Number.isFinite(width) ? Math.max(8, width - 1 - keysWidth) : Infinity;
  const wrap = (text: string, w: number) => (Number.isFinite(w) ? wrapText(text, w) : [text]);
  const entry = (keys: string, text: string, extra: Omit<Line, 'text'> = {}): Line[] =>
    wrap(text, room).map((part, i) => ({ text: `${fit(i === 0 ? keys : '', keysWidth)}${part}`, ...extra, ...(i ? { cont: true } : {}) }));
  const legend = GLYPH_LEGEND.filter(([g, meaning]) => !filter || rowMatches({ keys: g, description: meaning }, filter));
  const commands = filter ? COMMANDS.filter((c) => rowMatches({ keys: `:${c.name}`, description: `${c.name} ${c.args ?? ''} ${c.help}` }, filter)) : [];
  const lines: Line[] = [
    ...sections.flatMap((s) => [
      { text: s.title, title: true },
      ...s.rows.flatMap((r) => entry(r.keys, `${r.description}${r.disabled ? ` ${GLYPHS.lock} ${r.disabled}` : ''}`, { disabled: r.disabled !== null })),
    ]),
    ...(elsewhere.length
      ? [
          { text: 'Other screens', title: true },
          ...wrap(
            `${elsewhere.join(', ')}: ${keyOf('help.find')} and a word finds their keys (docs/keys.md lists every key)`,
            Number.isFinite(width) ? Math.max(8, width - 1) : Infinity,
          ).map((text, i) => ({ text, ...(i ? { cont: true } : {}) })),
        ]
      : []),
    ...(legend.length ? [{ text: 'What the glyphs say', title: true }, ...legend.flatMap(([g, meaning]) => entry(g, meaning))] : []),
  ];
  // Unfiltered, the commands in one run of text; filtered, each command that matches with what it does.
  const across = Number.isFinite(width) ? Math.max(8, width - 1) : Infinity;
  const said = filter ? commands.map((c) => `:${c.name}${c.args ? ` ${c.args}` : ''}: ${c.help}`) : [PROMPT_HELP];
  if (said.length)
    appendAll(lines, [
      { text: 'Commands after :', title: true },
      ...said.flatMap((t) => wrap(t, across).map((text, i) => ({ text, ...(i ? { cont: true } : {}) }))),
    ]);
  if (filter && !lines.length) lines.push({ text: `No key, glyph or command matches “${filter}”` });
  return lines;
}

/** The glyphs and arrows of lists, bars and the detail, in words short enough for 80 columns (docs/deck.md says more). */
const GLYPH_LEGEND: readonly [string, string][] = [
  ['● ◐ ○', 'score good, decent, bad'],
  [`${GLYPHS.classBar.good} ${GLYPHS.classBar.decent} ${GLYPHS.classBar.bad}`, 'bar: good, decent, bad'],
  ['↑12 ↓5 =', 'change since last run'],
  ['▁▃▆█', 'history, oldest first'],
  [`${GLYPHS.failed} ${GLYPHS.passed}`, 'check failed / passed'],
  ['http://', 'page without HTTPS'],
  ['a.com/…/end', 'URL cut in the middle'],
];

/** Narrower than this a column wraps most descriptions: one column at 80, two at 100 and 120. */
const COLUMN_MIN = 48;

/**
 * How the help is laid out at this size: rows under the title, columns (at most three), and its
 * lines in page order. A section's title never ends a column (its rows would be on the next), and
 * a section going on in the next column or page is named again there.
 */
export function helpLayout(state: DeckState, width: number, height: number) {
  const rows = Math.max(1, height - 1);
  const colCount = Math.max(1, Math.min(3, Math.floor(width / COLUMN_MIN), Math.ceil(helpLines(state).length / rows)));
  const colWidth = Math.floor((width - 1) / colCount);
  const lines: Line[] = [];
  let section: string | null = null;
  for (const l of helpLines(state, colWidth)) {
    if (l.title && rows > 2 && lines.length % rows === rows - 1) lines.push({ text: '' });
    // A section that goes on into the next column or page says whose keys these are again.
    else if (!l.title && !l.cont && section !== null && rows > 2 && lines.length % rows === 0) lines.push({ text: `${section} (continued)`, title: true });
    if (l.title) section = l.text;
    lines.push(l);
  }
  const perPage = rows * colCount;
  const pages = Math.max(1, Math.ceil(lines.length / perPage));
  return { rows, colCount, colWidth, lines, perPage, pages };
}

/** `head` and as many of `parts` as fit `width`, in order, each whole (the first that does not fit and the rest give way). */
const fitting = (head: string, parts: readonly string[], width: number): string =>
  head + giveWayToLeast(lastGoFirst(parts), (kept) => head.length + kept.join('').length, width).join('');

/**
 * The title line: where the pages are (`Keys 2/5 (↓ for more)`, `(the end)` on the last), the
 * filter being typed or kept, and how Esc walks out (it clears a filter first, then closes help).
 */
function helpTitle(state: DeckState, page: number, pages: number, width: number): string {
  const o = state.overlay?.kind === 'help' ? state.overlay : null;
  const filter = o?.filter ?? '';
  const paging = pages > 1 ? ` ${page + 1}/${pages} ${page + 1 >= pages ? '(the end)' : `(${keyOf('help.next')} for more)`}` : '';
  const esc = keyOf('help.clear');
  if (o?.typing) return fitting(` Keys matching “${cursorText(filter, o.cursor)}”${paging}`, [`  ${keyOf('help.keep')} keeps it`, ` · ${esc} clears`], width);
  if (filter) return fitting(` Keys matching “${filter}”${paging}`, [`  ${esc} clears, then closes`, ` · ${keyOf('help.find')} edits`], width);
  const lock = state.readOnly
    ? (giveWay([`  ${GLYPHS.lock} read-only: locked actions are refused`, `  ${GLYPHS.lock} read-only`], (t) => ` Keys${paging}`.length + t.length, width) ??
      '')
    : '';
  return fitting(` Keys${paging}${lock}`, [`  ${keyOf('help.find')} filters`, ` · ${keyOf('help.close')} closes`], width);
}

export function HelpOverlay({ width, height, page }: { width: number; height: number; page: number }) {
  const theme = useTheme();
  const { rows, colCount, colWidth, lines, perPage, pages } = useDeck((s) => helpLayout(s, width, height), sameWords);
  // The keys stop at the last page (and the footer stops offering more there).
  useReportDrawn({ helpPages: pages });
  const at = Math.min(page, pages - 1);
  const shown = lines.slice(at * perPage, (at + 1) * perPage);
  const title = useDeck((s) => helpTitle(s, at, pages, width));
  const typing = useDeck(typingHelpFilter);
  const titleBox = useRef<DOMElement>(null);
  useTextCursor(titleBox, typing);
  const cols = Array.from({ length: colCount }, (_, i) => shown.slice(i * rows, (i + 1) * rows));
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden">
      <Box ref={titleBox}>
        <Text bold color={theme.accent} wrap="truncate">
          {title}
        </Text>
      </Box>
      <Box>
        {cols.map((col, i) => (
          <Box key={i} flexDirection="column" width={colWidth} overflowY="hidden">
            {col.map((l, j) => (
              <Text key={j} wrap="truncate" bold={l.title} color={l.title ? theme.accent : l.disabled ? theme.muted : undefined} dimColor={l.disabled}>
                {' '}
                {l.text}
              </Text>
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
