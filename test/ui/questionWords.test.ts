// Questions and messages at the widths people use: a question keeps its question mark (a list of
// names gives way first), a flash wraps onto the lines it needs instead of ending cut.
import { describe, expect, it } from 'vitest';
import { fitQuestion } from '../../src/ui/components/ConfirmDialog';
import { flashLines, flashRows } from '../../src/ui/components/FlashLine';
import { widthOf } from '../../src/text/wrap';

describe('a question in the dialog', () => {
  const bulk = 'Delete 3 marked websites (news.indigoclinic.app, docs.riverschool.fr, app.maplehomes.co.uk, …)?';
  it('shortens the list of names, a name at a time, and keeps the count and the question mark', () => {
    expect(fitQuestion(bulk, 200)).toBe(bulk);
    expect(fitQuestion(bulk, 75)).toBe('Delete 3 marked websites (news.indigoclinic.app, docs.riverschool.fr, …)?');
    // The dialog's room at 80 columns and up.
    expect(fitQuestion(bulk, 68)).toBe('Delete 3 marked websites (news.indigoclinic.app, …)?');
    expect(fitQuestion(bulk, 40)).toBe('Delete 3 marked websites?');
    for (let room = 10; room < 100; room++) {
      const q = fitQuestion(bulk, room);
      expect(widthOf(q), q).toBeLessThanOrEqual(room);
      expect(q.endsWith('?')).toBe(true);
    }
    // Every name shown: the list gives way the same.
    expect(fitQuestion('Delete 2 marked reports (example.com/a-very-long-page-name, example.com/b)?', 64)).toBe(
      'Delete 2 marked reports (example.com/a-very-long-page-name, …)?',
    );
    // One record's id is not a list: the question is cut before its mark instead.
    expect(fitQuestion('Delete website averyveryverylongdomainname.example.com (id 42)?', 30)).toMatch(/^Delete website a.*…\?$/);
  });
});

describe('a flash', () => {
  const refused =
    'The analytics host 127.0.0.1:37299 rejected the website — domain: The domain has already been taken. Correct it and try again. ' +
    '(your input is kept: fix the marked fields and Ctrl+S to save again)';
  it('wraps onto as many lines as it needs at 80, 100 and 120 columns, nothing cut', () => {
    for (const columns of [80, 100, 120]) {
      const lines = flashLines({ id: 1, kind: 'error', text: refused }, columns);
      expect(lines.join(' ')).toBe(refused);
      for (const l of lines) expect(widthOf(l)).toBeLessThanOrEqual(columns - 1);
      expect(flashRows({ id: 1, kind: 'error', text: refused }, columns)).toBe(lines.length);
    }
    expect(flashRows({ id: 1, kind: 'error', text: refused }, 80)).toBe(3);
    expect(flashRows({ id: 1, kind: 'success', text: '✓ saved a.com' }, 80)).toBe(1);
    expect(flashRows(null, 80)).toBe(1);
  });
});
