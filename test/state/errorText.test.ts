import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorInit } from '../../src/api/errors';
import { errorText } from '../../src/state/errorText';
import { keyWords } from '../../src/ui/keys/keyWords';

/** The words as the deck shows them: keys spelled as bound (the defaults here). */
const spelled = (...args: Parameters<typeof errorText>) => keyWords(errorText(...args));

const err = (init: Partial<ApiErrorInit>, message: string) =>
  new ApiError({ kind: 'server', host: 'analytics', origin: 'http://127.0.0.1:1', method: 'POST', path: '/public/api/v1/websites', ...init }, message);

describe('errorText: the host’s words plus the deck’s next step', () => {
  it('a write that may have landed asks for a check before saving again, never a plain retry', () => {
    const e = err(
      { kind: 'timeout', mayHaveApplied: true },
      'The analytics host 127.0.0.1:1 did not answer within 1 s. The change may have been applied — refresh to check.',
    );
    const text = spelled(e, 'save');
    expect(text).toContain('may have been applied');
    expect(text).toContain('check the list (Esc, then r) before saving again');
    expect(text).not.toContain('Ctrl+S to try again');
    expect(spelled(e, 'delete')).toMatch(/\(r to check\)$/);
  });

  it('a refused save points at the marked fields; a server error at trying again', () => {
    expect(spelled(err({ kind: 'validation', status: 422 }, 'The analytics host rejected the website.'), 'save')).toMatch(
      /fix the marked fields and Ctrl\+S to save again\)$/,
    );
    expect(spelled(err({ kind: 'server', status: 500 }, 'The analytics host had a server error (500).'), 'save')).toMatch(
      /\(your input is kept: Ctrl\+S to try again\)$/,
    );
    expect(spelled(err({ kind: 'network' }, 'Could not reach the analytics host.'), 'list')).toMatch(/\(r to retry\)$/);
  });

  it('an undo and a change to marked rows name no form: a record gone has nothing left to put back', () => {
    const gone = err(
      { kind: 'notFound', status: 404, method: 'PUT' },
      'The analytics host has no website 47 (404): the record may have been deleted elsewhere — refresh.',
    );
    expect(spelled(gone, 'undo')).toMatch(/\(nothing left to put back\)$/);
    expect(spelled(err({ kind: 'server', status: 500 }, 'The analytics host had a server error (500).'), 'undo')).toMatch(/\(u to try the undo again\)$/);
    // The end of a run over marked rows says they stay marked: the host's words are enough.
    expect(spelled(gone, 'marked')).toBe('The analytics host has no website 47 (404): the record may have been deleted elsewhere — refresh.');
    for (const ctx of ['undo', 'marked'] as const) expect(spelled(gone, ctx)).not.toMatch(/your input|Ctrl\+S|save/);
  });

  it('makes server words inert', () => {
    expect(spelled(new Error('bad\x1b]0;title\x07 news'), 'list')).toBe('bad news (r to retry)');
  });
});
