// The deck's cover (`:cover SOURCE`): the plan's counts, the run's progress, and each page the host
// refused with its words, as they come. The run ends on the site's Audit view; Esc from there comes
// back here, to the refused pages.
import { Box, Text } from 'ink';
import { planLine } from '../../api/cover/plan';
import type { CoverState } from '../../state/coverState';
import { groupDigits } from '../../text/digits';
import { sanitize } from '../../text/sanitize';
import { cut } from '../../text/width';
import { useTheme } from '../themes/theme';

/** Where the cover stands, in one line: the header's second line and the spoken place. */
export function coverPlace(c: CoverState): string {
  const site = c.counts ? sanitize(c.counts.site) : sanitize(c.source);
  const total = c.steps.length;
  const progress = `${groupDigits(c.answered)}/${groupDigits(total)}`;
  switch (c.phase) {
    case 'idle':
      return `Cover ${site}`;
    case 'planning':
      return `Cover ${site}: reading the sitemap and every report of the site…`;
    case 'asking':
      return c.resume ? `Cover ${site}: ${groupDigits(total)} of ${groupDigits(c.resume.total)} left` : `Cover ${site}: ${groupDigits(total)} to create`;
    case 'running':
      return `Cover ${site}: ${progress} created or refused`;
    case 'stopping':
      return `Cover ${site}: ${progress}, stopping after the request in flight`;
    case 'done':
      return `Cover ${site}: ${groupDigits(c.created)} created, ${c.refused.length} refused${c.failed ? `, ${c.failed} failed` : ''}`;
    case 'failed':
      return `Cover ${site}: not done`;
  }
}

/** The body's lines: the plan, why it stopped, and the refused pages. */
export function coverLines(c: CoverState): string[] {
  const lines: string[] = [];
  if (c.counts) lines.push(planLine(c.counts));
  if (c.error) lines.push(sanitize(c.error));
  if (c.refused.length) lines.push(`Refused by the host (${c.refused.length}):`);
  for (const r of c.refused) lines.push(`  ${sanitize(r.url)}: ${sanitize(r.why)}`);
  return lines;
}

export function CoverScreen({ cover, width, height }: { cover: CoverState; width: number; height: number }) {
  const theme = useTheme();
  const lines = coverLines(cover);
  // The latest refusals stay in view: the oldest give way first.
  const shown = lines.length > height ? [...lines.slice(0, 1), ...lines.slice(lines.length - height + 1)] : lines;
  return (
    <Box flexDirection="column" height={height}>
      {shown.map((l, i) => (
        <Text key={i} wrap="truncate" color={l.startsWith('  ') ? theme.danger : i === 0 ? theme.muted : undefined}>
          {cut(l, width)}
        </Text>
      ))}
    </Box>
  );
}
