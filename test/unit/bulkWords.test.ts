// The words of a change to many rows, from its counts alone (src/domain/bulkWords.ts): every number
// names what it counts and where it came from, and an end that differs from its question says why.
// One table of the cases the deck (and any command's summary) meets.
import { describe, expect, it } from 'vitest';
import { bulkQuestion, bulkSummary, changeWordsOf, resourceDef, type BulkAsked } from '../../src/domain';

const email = changeWordsOf(resourceDef('websites'), { email: 1 });
const privacy = changeWordsOf(resourceDef('websites'), { privacy: 0 });
const host = (requests: number, n: Omit<BulkAsked, 'from' | 'unknown'>): BulkAsked => ({ from: { kind: 'host', requests }, unknown: 0, ...n });
const none = { done: 0, skipped: 0, gone: 0, changed: 0, failed: 0, notStarted: 0 };

describe('the words of a change to many rows', () => {
  it.each([
    {
      asked: host(4, { toChange: 150, already: 151, gone: 0 }),
      question: 'Set email reports to Enabled: 150 to change · 151 already Enabled?',
      detail: 'Read from the host just now, 4 requests.',
    },
    {
      asked: host(3, { toChange: 3, already: 0, gone: 0 }),
      question: 'Set email reports to Enabled on 3 websites?',
      detail: 'Read from the host just now, 3 requests.',
    },
    {
      asked: host(1, { toChange: 1, already: 2, gone: 1 }),
      question: 'Set email reports to Enabled: 1 to change · 2 already Enabled · 1 gone from the host?',
      detail: 'Read from the host just now, 1 request.',
    },
    {
      asked: { from: { kind: 'loaded', loaded: 120 }, toChange: 108, already: 12, gone: 0, unknown: 181 } as BulkAsked,
      question: 'Set email reports to Enabled on 289 websites?',
      detail: 'Counted of the 120 loaded: 108 to change · 12 already Enabled; 181 not loaded, read as the run starts.',
    },
  ])('asks $question', ({ asked, question, detail }) => {
    expect(bulkQuestion(email, asked, ':email')).toEqual({ kind: 'ask', question, detail });
  });

  it.each([
    [
      host(1, { toChange: 0, already: 2, gone: 0 }),
      ':email: nothing to change, the 2 marked websites are already Enabled (read from the host just now, 1 request)',
    ],
    [
      host(1, { toChange: 0, already: 0, gone: 1 }),
      ':email: nothing to change, the 1 marked website is gone from the host (read from the host just now, 1 request)',
    ],
    [
      host(2, { toChange: 0, already: 2, gone: 1 }),
      ':email: nothing to change, of the 3 marked websites, 2 already Enabled · 1 gone from the host (read from the host just now, 2 requests)',
    ],
  ])('nothing to send: %#', (asked, text) => {
    expect(bulkQuestion(email, asked, ':email')).toEqual({ kind: 'nothing', text });
  });

  it.each([
    // As asked: no reason to give.
    [host(1, { toChange: 26, already: 8, gone: 0 }), { ...none, done: 26, skipped: 8 }, '26 updated · 8 already Public, left alone'],
    // Three made Public elsewhere between the question and the yes.
    [
      host(1, { toChange: 26, already: 8, gone: 0 }),
      { ...none, done: 23, skipped: 11, changed: 3 },
      '23 updated · 11 already Public, left alone: 3 had changed on the host since the question',
    ],
    // One deleted since, one failed, two not started.
    [
      host(1, { toChange: 10, already: 0, gone: 1 }),
      { ...none, done: 6, gone: 1, changed: 1, failed: 1, notStarted: 2 },
      '6 updated · 2 gone from the host: 1 had changed on the host since the question · 1 failed, still marked (7: Server Error) · 2 not started, still marked',
    ],
    // Counted of the rows loaded: what the run found otherwise, and why the question could not know.
    [
      { from: { kind: 'loaded', loaded: 120 }, toChange: 108, already: 12, gone: 0, unknown: 181 } as BulkAsked,
      { ...none, done: 150, skipped: 151, changed: 139 },
      '150 updated · 151 already Public, left alone: 139 found otherwise when read (the question counted the 120 loaded)',
    ],
  ])('ends %#', (asked, outcome, text) => {
    const kept = outcome.failed ? { failedWhy: '7: Server Error', kept: ', still marked' } : { kept: ', still marked' };
    expect(bulkSummary(privacy, 'updated', asked, outcome, kept).join(' · ')).toBe(text);
  });
});
