// What the screen-reader deck says: pure lines from the state, the words from the domain tables.
import { describe, expect, it } from 'vitest';
import { PRIVACY, TOGGLE, type Check } from '../../src/domain';
import type { Action } from '../../src/state/actions';
import { initialState, reducer } from '../../src/state/reducer';
import type { DeckState } from '../../src/state/types';
import { spokenDeck } from '../../src/ui/spoken/deck';
import { spokenCheck, spokenDetail } from '../../src/ui/spoken/detail';
import { spokenDialog, spokenFlash } from '../../src/ui/spoken/dialogs';
import { spokenForm } from '../../src/ui/spoken/form';
import { spokenHelp } from '../../src/ui/spoken/help';
import { asText } from '../../src/ui/spoken/line';
import { screenWrites } from '../../src/ui/spoken/mode';
import { screenReaderOn } from '../../src/terminal/env';
import { spokenPlace } from '../../src/ui/spoken/place';
import { ENTER_SCREEN, HOME, LEAVE_SCREEN } from '../../src/ui/layout/screen';
import { MOUSE_OFF, MOUSE_ON } from '../../src/ui/input/mouse';
import { spokenRow } from '../../src/ui/spoken/row';
import { spokenScore } from '../../src/ui/spoken/score';
import { KEYMAP } from '../../src/ui/keys/keymap';
import { pageOf, report, website } from '../helpers/records';
import { keyWords } from '../../src/ui/keys/keyWords';

const run = (s: DeckState, ...actions: Action[]) => actions.reduce(reducer, s);
const NOW = Date.parse('2026-11-25T12:00:00Z');
/** Box drawing, blocks, bars, sparklines, score glyphs, the spinner's braille, the selection marker. */
export const DRAWING = /[\u2500-\u259f\u25a0-\u25ff\u2800-\u28ff›▏]/u;

const websites = (over: Partial<DeckState> = {}) =>
  run(
    { ...initialState(), ...over },
    {
      type: 'list/loaded',
      tab: 'websites',
      requestId: 0,
      page: pageOf([website(36, { domain: 'site36.example.org', privacy: 1, email: 0 }), website(35)], { total: 37, lastPage: 4, perPage: 10 }),
    },
  );

const title: Check = { name: 'title', label: 'Title', passed: false, importance: 'high', value: 'x'.repeat(78), errors: { too_long: { max: 60 } } };
const lang: Check = { name: 'language', label: 'Language', passed: true, importance: 'medium', value: 'en' };

describe('screen-reader mode', () => {
  it("is on with the setting or with Ink's own INK_SCREEN_READER=true", () => {
    expect(screenReaderOn({ screenReader: true }, {})).toBe(true);
    expect(screenReaderOn({ screenReader: false }, { INK_SCREEN_READER: 'true' })).toBe(true);
    expect(screenReaderOn({ screenReader: false }, { INK_SCREEN_READER: '1' })).toBe(false);
    expect(screenReaderOn({}, {})).toBe(false);
  });

  it('the deck writes nothing of its own around Ink in it: no alternate screen, no mouse', () => {
    expect(screenWrites({ screenReader: true, mouse: true, prepainted: false })).toEqual({ enter: '', leave: '\n' });
    expect(screenWrites({ screenReader: false, mouse: true, prepainted: false })).toEqual({ enter: ENTER_SCREEN + MOUSE_ON, leave: MOUSE_OFF + LEAVE_SCREEN });
    expect(screenWrites({ screenReader: false, mouse: false, prepainted: true })).toEqual({ enter: HOME, leave: LEAVE_SCREEN });
  });
});

describe('spoken deck', () => {
  it('says where you are: tab, count, page and sort', () => {
    expect(spokenPlace(websites(), NOW)).toBe('Websites, tab 1 of 3, 37 websites, page 1 of 4, sorted by id descending');
    const filtered = run(websites({ readOnly: true }), { type: 'search/start' } as Action);
    expect(spokenPlace(filtered, NOW)).toMatch(/, search "", read-only$/);
    // The rate limit as the header shows it, without its countdown (said once, not every second).
    const low = { ...websites(), budget: { websites: { limit: 60, remaining: 3, waitingUntil: null }, reports: null } };
    expect(spokenPlace(low, NOW, { demo: true })).toMatch(/, rate limit 3 of 60 left, demo$/);
    const waiting = { ...low, budget: { websites: { limit: 60, remaining: 0, waitingUntil: NOW + 41_000 }, reports: null } };
    expect(spokenPlace(waiting, NOW)).toMatch(/, requests wait for the rate limit$/);
  });

  it('says the selected row with its place in the whole list and labelled cells from the domain', () => {
    const s = websites();
    const w = s.tabs.websites.data!.items[0];
    const privacy = PRIVACY.find((c) => c.value === 1)!.label;
    const email = TOGGLE.find((c) => c.value === 0)!.label;
    expect(spokenRow('websites', s.tabs.websites, w)).toBe(`site36.example.org, 1 of 37, privacy ${privacy}, email reports ${email}, exclude bots Enabled`);
    const page2 = run(
      s,
      { type: 'list/loaded', tab: 'websites', requestId: 0, page: pageOf([website(26), website(25)], { page: 2, total: 37, lastPage: 4, perPage: 10 }) },
      { type: 'cursor/move', delta: 1 } as Action,
    );
    expect(spokenRow('websites', page2.tabs.websites, page2.tabs.websites.data!.items[1])).toMatch(/^site25\.example\.com, 12 of 37, /);
  });

  it('says a score in words and a check as one line with its importance and reason', () => {
    expect(spokenScore(48)).toBe('score 48, bad');
    expect(spokenScore(null)).toBe('no score');
    expect(spokenCheck(title)).toBe('failed: Title, high importance, too long: 78 characters (max 60)');
    expect(spokenCheck(lang)).toBe('passed: Language, medium importance, en');
  });

  it('says the detail as label/value lines, checks last, failed first, without drawing', () => {
    const r = report(7, { url: 'https://a.example.com/x', result: 48, result_class: 'bad', checks: [lang, title] });
    const lines = spokenDetail('reports', r, [
      { url: 'https://a.example.com/x', generated_at: '2026-10-01T10:00:00Z', result: 36 },
      { url: 'https://a.example.com/x', generated_at: '2026-11-01T10:00:00Z', result: 48 },
    ]);
    expect(lines[0]).toBe('Detail of https://a.example.com/x, id 7, created 2024-10-13 13:09');
    expect(lines).toContain('Score: 48, bad');
    expect(lines).toContain('Privacy: Public');
    expect(lines).toContain('History: 2 analyses, up 12 since 2026-10-01');
    const at = lines.indexOf('Failed checks: 1');
    expect(lines.slice(at)).toEqual([
      'Failed checks: 1',
      'failed: Title, high importance, too long: 78 characters (max 60)',
      'Passed checks: 1',
      'passed: Language, medium importance, en',
    ]);
    for (const l of lines) expect(l).not.toMatch(DRAWING);
  });

  it('says a form field by label, value and state, then its hint; errors by their field', () => {
    let s = run(websites(), { type: 'form/edit' });
    let lines = spokenForm(s.form!).map(asText);
    expect(lines[0]).toBe('Edit website site36.example.org, id 36');
    expect(lines).toContain('(selected) Privacy: Private, choice 2 of 3');
    expect(lines).toContain('Email reports: Disabled');
    expect(lines.at(-1)).toBe('hint: Who can see the statistics page');
    s = run(s, { type: 'form/focus', delta: 1 }, { type: 'form/choice', dir: 1 });
    lines = spokenForm(s.form!).map(asText);
    expect(lines[0]).toBe('Edit website site36.example.org, id 36, unsaved edits');
    expect(lines).toContain('(selected, checked) Email reports: Enabled, choice 2 of 2');
    const failed = { ...s.form!, errors: { email: ['The email field is invalid.'] } };
    expect(spokenForm(failed).map(asText)).toContain('error in Email reports: The email field is invalid.');
  });

  it('says a dialog and a flash in one line each', () => {
    const asked = run(websites(), { type: 'delete/ask' });
    // Its first moment it takes no keys, and says so; then the answers.
    expect(spokenDialog(asked)).toBe('Delete website site36.example.org, id 36? y yes, n no, Enter answers No (a moment: keys typed now are dropped)');
    const s = run(asked, { type: 'question/arm' });
    expect(spokenDialog(s)).toBe('Delete website site36.example.org, id 36? y yes, n no, Enter answers No');
    // A question's detail (what an undo sends) is said with it, before the answers.
    const undo = {
      ...s,
      overlay: {
        kind: 'confirm-bulk',
        tab: 'websites',
        verb: 'undo',
        ids: [1, 2],
        question: 'Undo the change of 2 websites (privacy to Public)?',
        detail: 'Each gets its own value back (2 requests).',
        armed: true,
      },
    } as DeckState;
    expect(spokenDialog(undo)).toBe(
      'Undo the change of 2 websites (privacy to Public)? Each gets its own value back (2 requests). y yes, n no, Enter answers No',
    );
    expect(spokenFlash({ id: 1, kind: 'success', text: '✓ saved site36.example.org' })).toBe('saved site36.example.org');
    expect(spokenFlash({ id: 1, kind: 'error', text: '✗ refused' })).toBe('error: refused');
  });

  it('says loading once, as a word, and never a spinner glyph', () => {
    const s = run(initialState(), { type: 'list/request', tab: 'websites', requestId: 1 });
    const lines = spokenDeck(s, { now: NOW }).map(asText);
    expect(lines[1]).toBe('loading');
    for (const l of lines) expect(l).not.toMatch(DRAWING);
  });

  it('says the message log, newest first, each message once with its time and without its glyph', () => {
    const s = run(websites(), { type: 'messages/toggle' });
    const lines = spokenDeck(s, {
      now: NOW,
      messages: [
        { at: NOW, kind: 'error', text: '✗ refused' },
        { at: NOW - 1000, kind: 'success', text: '✓ saved a.example.com' },
      ],
    }).map(asText);
    const at = lines.indexOf('Messages, newest first');
    expect(lines[at + 1]).toMatch(/^\d\d:\d\d:\d\d, error: refused$/);
    expect(lines[at + 2]).toMatch(/^\d\d:\d\d:\d\d, saved a\.example\.com$/);
  });

  it('the help is a plain list of every binding of the keymap', () => {
    const lines = spokenHelp(websites(), { profile: 'work', hosts: { analytics: 'https://a.example.com', seo: 'https://s.example.com' }, demo: false });
    expect(lines[0]).toBe('Profile work, analytics host https://a.example.com, SEO host https://s.example.com');
    for (const b of KEYMAP)
      expect(
        lines.some((l) => l.startsWith(`${b.label}: ${keyWords(b.description)}`)),
        b.id,
      ).toBe(true);
    for (const l of lines) expect(l).not.toMatch(/[\u2500-\u259f●◐○]/u);
  });

  it('says the Projects view: its place and the selected project in words', () => {
    const s = run(
      websites(),
      { type: 'projects/open' },
      {
        type: 'projects/progress',
        requestId: 1,
        read: 2,
        total: 2,
        done: true,
        rows: [
          {
            project: 'a.example.com',
            reports: 2,
            scored: 2,
            average: 48,
            lowest: 40,
            highest: 56,
            mix: { good: 0, decent: 1, bad: 1 },
            worst: { id: 1, url: 'https://a.example.com/x', result: 40 },
            last_generated_at: '2026-11-01T10:00:00Z',
          },
        ],
      },
    );
    const lines = spokenDeck(s, { now: NOW }).map(asText);
    expect(lines[0]).toBe('Projects, tab 3 of 3, 1 project from 2 reports, sorted by average score descending');
    expect(lines[1]).toBe(
      '(selected) a.example.com, 1 of 1, 2 reports, average score 48, bad, lowest 40, highest 56, 0 good, 1 decent, 1 bad, ' +
        'worst page https://a.example.com/x score 40, bad, last analysis 2026-11-01 10:00',
    );
    // A search that matches no project: what the view says instead is not a selected row.
    const none = spokenDeck({ ...s, projects: { ...s.projects, filter: 'shop' } }, { now: NOW }).map(asText);
    expect(none[1]).toBe('No project matches "shop" (Esc clears the filter)');
  });
});
