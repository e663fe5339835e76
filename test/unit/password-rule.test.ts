// The password rule the servers apply, shared by the deck's form and the commands' flags.
import { describe, expect, it } from 'vitest';
import { REPORTS, WEBSITES, secretMissing, validateWrite } from '../../src/domain';
import { formNeeds, formSubmission, openForm, setFieldValue } from '../../src/state/formState';
import { report, website } from '../helpers/records';

describe('password required when privacy becomes Password and none is set', () => {
  for (const def of [WEBSITES, REPORTS]) {
    it(`${def.name}: create needs one; update needs one only while the record has none`, () => {
      const name = def.name === 'websites' ? { domain: 'a.example.com' } : { url: 'https://a.example.com/x' };
      const create = validateWrite(def, 'create', { ...name, privacy: 'password' });
      expect(create).toMatchObject({ ok: false, errors: { password: [expect.stringMatching(/Password is required when privacy is Password/)] } });
      expect(validateWrite(def, 'create', { ...name, privacy: 'password', password: 'pw' }).ok).toBe(true);

      expect(validateWrite(def, 'update', { privacy: 2 }, { secretSet: false })).toMatchObject({ ok: false, errors: { password: [expect.any(String)] } });
      expect(validateWrite(def, 'update', { privacy: 2 }, { secretSet: true }).ok).toBe(true);
      // The server did not say whether one is set: the client does not refuse on a guess.
      expect(validateWrite(def, 'update', { privacy: 2 }, { secretSet: null }).ok).toBe(true);
      expect(validateWrite(def, 'update', { privacy: 2, password: 'pw' }, { secretSet: false }).ok).toBe(true);
      expect(validateWrite(def, 'update', { privacy: 1 }, { secretSet: false }).ok).toBe(true);
      expect(secretMissing(def, 'update', { email: 1 }, { secretSet: false })).toBeUndefined();
    });
  }

  it('the deck form shows the need as soon as privacy becomes Password, and refuses to save without one', () => {
    let f = openForm('reports', 'update', report(25, { privacy: 0, password: false }));
    expect(formNeeds(f)).toEqual({});
    f = setFieldValue(f, 'privacy', 2);
    expect(formNeeds(f)).toEqual({ password: [expect.stringMatching(/no password is set yet/)] });
    expect(formSubmission(f)).toMatchObject({ kind: 'invalid', errors: { password: [expect.any(String)] } });
    f = setFieldValue(f, 'password', 'hunter2');
    expect(formNeeds(f)).toEqual({});
    expect(formSubmission(f)).toEqual({ kind: 'send', values: { privacy: 2, password: 'hunter2' } });
  });

  it('a record that already has a password may become Password without a new one', () => {
    let f = openForm('websites', 'update', website(25, { privacy: 0, password: true }));
    f = setFieldValue(f, 'privacy', 2);
    expect(formNeeds(f)).toEqual({});
    expect(formSubmission(f)).toEqual({ kind: 'send', values: { privacy: 2 } });
    // Already Password with no password stored (as the server may hold it): an untouched privacy needs nothing.
    const g = setFieldValue(openForm('websites', 'update', website(26, { privacy: 2, password: false })), 'email', 1);
    expect(formNeeds(g)).toEqual({});
    expect(formSubmission(g)).toEqual({ kind: 'send', values: { email: 1 } });
  });
});
