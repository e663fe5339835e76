import { Box, Text } from 'ink';
import { fitHints, footerHints } from '../keys/keyHelp';
import { GLYPHS, useTheme } from '../themes/theme';
import { FlashLine } from './FlashLine';
import { PromptLine } from './PromptLine';
import type { Mode } from '../../state/mode';
import { modeOf } from '../../state/stack';
import { sameWords, useDeck } from '../hooks/useDeck';

const LEAD: Partial<Record<Mode['kind'], string>> = { search: 'type to search', prompt: '' };

/**
 * The bottom line: the command line while typing one, else the flash, else the keys of this mode
 * from the keymap; a key refused here (other tab, read-only, nothing selected) is greyed and marked
 * ■ (as the ? help marks it: faintness alone is lost on a low-vision user's screen).
 */
export function Footer({ width, words }: { width: number; words?: (text: string) => string }) {
  const theme = useTheme();
  const m = useDeck(modeOf);
  const flash = useDeck((s) => s.flash);
  const readOnly = useDeck((s) => s.readOnly);
  const keys = useDeck(footerHints, sameWords);
  let line;
  if (m.kind === 'prompt') {
    line = <PromptLine text={m.text} cursor={m.cursor} options={m.options} typed={m.typed} picked={m.picked} secret={m.secret?.label} width={width} />;
  } else if (flash) line = <FlashLine flash={flash} width={width} words={words} />;
  else {
    // Without colour a greyed key cannot look greyed (--no-color turns dim off too): leave it out.
    const lead = LEAD[m.kind];
    const lock = readOnly && (m.kind === 'list' || m.kind === 'detail') ? `  ${GLYPHS.lock} read-only` : '';
    // What matters most on this tab stays when the line is short; the rest gives way whole, not cut.
    const hints = fitHints(
      keys.filter((h) => theme.color || !h.disabled).map((h) => (h.disabled ? { ...h, key: `${GLYPHS.lock} ${h.key}` } : h)),
      width - 1 - (lead ? lead.length + 2 : 0) - lock.length,
    );
    line = (
      <Text wrap="truncate" color={theme.muted}>
        {' '}
        {lead ? `${lead}  ` : ''}
        {hints.map((h, i) => (
          <Text key={h.key + h.word} dimColor={h.disabled !== null}>
            {i ? '  ' : ''}
            {`${h.key} ${h.word}`}
          </Text>
        ))}
        {lock}
      </Text>
    );
  }
  return <Box width={width}>{line}</Box>;
}
