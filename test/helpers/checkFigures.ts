// The host's figure of each check whose row has one (CHECK_WORDS' `figure`), as a report holds it,
// and the words it must be said in: the deck's detail (test/ui/check-figures.test.tsx), `reports get`
// and the audit (test/commands/in-process/check-figures.test.ts) are each run over every row.
import { CHECK_WORDS, CHECKS } from '../../src/domain';

/** Each figure row's sample value and the figure with its unit, written out (not read from the table). */
export const FIGURE_SAMPLES: Readonly<Record<string, { value: unknown; figure: string }>> = {
  in_page_links: { value: { Internals: [{ url: '/a' }, { url: '/b' }], Externals: [{ url: 'https://x.example/' }] }, figure: '3 links' },
  load_time: { value: 1.86, figure: '1.86 s' },
  page_size: { value: 412_000, figure: '412 KB' },
  http_requests: { value: 63, figure: '63 requests' },
  dom_size: { value: 1600, figure: '1,600 nodes' },
  content_length: { value: 320, figure: '320 words' },
  text_html_ratio: { value: 7, figure: '7 %' },
};

/** The checks whose row says which figure the host judged. */
export const figureChecks = (): string[] =>
  Object.entries(CHECK_WORDS)
    .filter(([, w]) => w.figure)
    .map(([name]) => name);

export const labelOf = (name: string) => CHECKS.find((c) => c.name === name)!.label;

/** The figure said beside the check's fault: `too slow (1.86 s)`. */
export const faultWords = (name: string) => `${CHECK_WORDS[name as keyof typeof CHECK_WORDS].fault} (${FIGURE_SAMPLES[name].figure})`;

/**
 * A report as a host sends it that fails every figure check with no more than an error key (as
 * phpRank does: `{missing: null}`, `{failed: null}` or none), each holding its sample figure.
 */
export function figureReport(url = 'https://figures.example/page'): Record<string, unknown> {
  const keys = [{ missing: null }, { failed: null }, undefined];
  const results = Object.fromEntries(
    figureChecks().map((name, i) => {
      const errors = keys[i % keys.length];
      return [name, { passed: false, importance: 'medium', value: FIGURE_SAMPLES[name]?.value, ...(errors ? { errors } : {}) }];
    }),
  );
  const at = '2024-10-13T13:09:15.000000Z';
  return { url, project: 'figures.example', result: 41, privacy: 0, generated_at: at, created_at: at, updated_at: at, results };
}
