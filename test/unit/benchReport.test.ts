// The bench rewrites only its own section of docs/PERFORMANCE.md.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a bench script, plain JavaScript
import { withLatestRun } from '../../scripts/bench/report.mjs';

describe('the bench’s "Latest run" section', () => {
  it('replaces that section and keeps the ones after it', () => {
    const doc = '# Performance\n\nintro\n\n## Latest run\n\nold table\n\n## The edit loop\n\nkept\n';
    expect(withLatestRun(doc, '## Latest run\n\nnew table\n')).toBe('# Performance\n\nintro\n\n## Latest run\n\nnew table\n\n## The edit loop\n\nkept\n');
  });

  it('is added at the end of a doc without one', () => {
    expect(withLatestRun('# Performance\n\nintro\n', '## Latest run\n\nt\n')).toBe('# Performance\n\nintro\n\n## Latest run\n\nt\n');
    expect(withLatestRun('# P\n\n## Latest run\n\nold\n', '## Latest run\n\nnew\n')).toBe('# P\n\n## Latest run\n\nnew\n');
  });
});
