import { describe, expect, it } from 'vitest';
import {
  changedFields,
  formSubmission,
  isDirty,
  isLastField,
  moveFocus,
  openForm,
  setFieldValue,
  typeText,
  visibleFields,
  cycleChoice,
} from '../../src/state/formState';
import { report, website } from '../helpers/records';

describe('formState', () => {
  it('create forms start from the table defaults; the password appears only for privacy Password', () => {
    let f = openForm('websites', 'create', null);
    expect(visibleFields(f).map((x) => x.name)).toEqual(['domain', 'privacy', 'email', 'exclude_bots', 'exclude_params', 'exclude_ips']);
    f = setFieldValue(f, 'privacy', 2);
    expect(visibleFields(f).map((x) => x.name)).toContain('password');
    expect(openForm('reports', 'create', null).values).toEqual({ url: '', privacy: 0, password: '' });
  });

  it('edit forms start from the record; lines are shown comma separated; secrets and write-only fields start empty', () => {
    const f = openForm('websites', 'update', website(7, { privacy: 0, exclude_ips: '1.2.3.4\n5.6.7.8' }));
    expect(f.values).toEqual({ privacy: 0, password: '', email: 0, exclude_bots: 1, exclude_params: '', exclude_ips: '1.2.3.4, 5.6.7.8' });
    expect(f.name).toBe('site7.example.com');
    expect(isDirty(f)).toBe(false);
  });

  it('an edit sends only changed fields, lines normalised to one per line', () => {
    let f = openForm('websites', 'update', website(7, { exclude_ips: '1.2.3.4' }));
    f = setFieldValue(f, 'exclude_ips', '1.2.3.4, 9.9.9.9 8.8.8.8');
    expect(changedFields(f)).toEqual(['exclude_ips']);
    expect(formSubmission(f)).toEqual({ kind: 'send', values: { exclude_ips: '1.2.3.4\n9.9.9.9\n8.8.8.8' } });
    // Same values typed differently are no change.
    const same = setFieldValue(openForm('websites', 'update', website(7, { exclude_ips: '1.2.3.4\n5.6.7.8' })), 'exclude_ips', '1.2.3.4 5.6.7.8');
    expect(formSubmission(same)).toEqual({ kind: 'unchanged' });
  });

  it('create validation runs before sending (domain, password when privacy is Password, report URL)', () => {
    let f = openForm('websites', 'create', null);
    f = typeText(f, 'not a domain');
    expect(formSubmission(f)).toMatchObject({ kind: 'invalid', errors: { domain: [expect.stringMatching(/domain name/)] } });
    f = setFieldValue(setFieldValue(f, 'domain', 'ok.example.com'), 'privacy', 2);
    expect(formSubmission(f)).toMatchObject({ kind: 'invalid', errors: { password: [expect.stringMatching(/required/)] } });
    const r = typeText(openForm('reports', 'create', null), 'ftp://x');
    expect(formSubmission(r)).toMatchObject({ kind: 'invalid', errors: { url: [expect.any(String)] } });
  });

  it('Space cycles a focused choice; focus wraps; the last field is known', () => {
    // A report that already has a password may become Password without a new one.
    let f = moveFocus(openForm('reports', 'update', report(3, { password: true })), 0);
    expect(f.focus).toBe('privacy');
    f = typeText(f, ' ');
    expect(f.values.privacy).toBe(1);
    f = cycleChoice(f, -1);
    f = cycleChoice(f, -1);
    expect(f.values.privacy).toBe(2);
    f = moveFocus(f, -1);
    expect(f.focus).toBe('results');
    expect(isLastField(f)).toBe(true);
    f = setFieldValue(f, 'results', 1);
    expect(formSubmission(f)).toEqual({ kind: 'send', values: { privacy: 2, results: 1 } });
  });

  it('typing into a field clears its error', () => {
    let f = openForm('websites', 'create', null);
    f = { ...f, errors: { domain: ['taken'] } };
    expect(typeText(f, 'a').errors).toEqual({});
  });
});

describe('a report URL typed as the hosts store it', () => {
  it('is taken as https://, and the save says so', () => {
    const form = setFieldValue(openForm('reports', 'create', null), 'url', 'example.com/pricing');
    const sub = formSubmission(form);
    expect(sub).toMatchObject({ kind: 'send', note: 'https:// added to the URL' });
    expect(sub.kind === 'send' && sub.values.url).toBe('https://example.com/pricing');
    const full = formSubmission(setFieldValue(openForm('reports', 'create', null), 'url', 'http://example.com/a'));
    expect(full.kind === 'send' && full.values.url).toBe('http://example.com/a');
    expect(full).not.toHaveProperty('note');
    expect(formSubmission(setFieldValue(openForm('reports', 'create', null), 'url', 'not a url')).kind).toBe('invalid');
  });
});
