import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../src/emulator';
import { call, emulator, WEB } from './helpers';

const NOW = new Date('2024-10-13T13:09:15.123Z');
let emu: Emulator;

beforeAll(async () => {
  emu = await emulator({ now: () => NOW });
});
afterAll(() => emu.close());

describe('websites: store, show, update, delete', () => {
  it('stores what was sent (privacy and email null when not sent, exclude_bots 1) and answers 201 with the record', async () => {
    const a = await call(emu, 'POST', WEB, { form: { domain: 'plain.example.com' } });
    expect(a.status).toBe(201);
    expect(a.headers.get('content-type')).toMatch(/application\/json/);
    expect(a.body.status).toBe(200);
    expect(a.body.data).toEqual({
      id: expect.any(Number),
      domain: 'plain.example.com',
      privacy: null,
      email: null,
      password: false,
      exclude_bots: 1,
      exclude_ips: null,
      favorite: false,
      favorited_at: null,
      created_at: '2024-10-13T13:09:15.000000Z',
      updated_at: '2024-10-13T13:09:15.000000Z',
    });
  });

  it('normalises the domain as the host does: lower-case, no scheme, no www.; a path is refused', async () => {
    const a = await call(emu, 'POST', WEB, { form: { domain: 'HTTPS://WWW.Norm.Example.org' } });
    expect(a.status).toBe(201);
    expect(a.body.data.domain).toBe('norm.example.org');
    const b = await call(emu, 'POST', WEB, { form: { domain: '  http://second.example.org  ' } });
    expect(b.body.data.domain).toBe('second.example.org');
    const path = await call(emu, 'POST', WEB, { form: { domain: 'https://third.example.org/some/path?x=1' } });
    expect(path.status).toBe(422);
    expect(Object.keys(path.body.message)).toEqual(['domain']);
    const ip = await call(emu, 'POST', WEB, { form: { domain: '192.0.2.7' } });
    expect(ip.status).toBe(201);
  });

  it('refuses a duplicate domain, also when spelled differently', async () => {
    await call(emu, 'POST', WEB, { form: { domain: 'dup.example.com' } });
    const a = await call(emu, 'POST', WEB, { form: { domain: 'https://www.DUP.example.com' } });
    expect(a.status).toBe(422);
    expect(a.body).toEqual({ message: { domain: ['The domain has already been taken.'] }, status: 422 });
  });

  it('answers 422 with the field map under message', async () => {
    const missing = await call(emu, 'POST', WEB, { form: { privacy: 0 } });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ message: { domain: ['The domain field is required.'] }, status: 422 });
    const empty = await call(emu, 'POST', WEB, { form: { domain: '' } });
    expect(empty.body.message.domain).toEqual(['The domain field is required.']);
    const bad = await call(emu, 'POST', WEB, { form: { domain: 'not a domain', privacy: 9, email: 'yes', exclude_bots: 1 } });
    expect(bad.body.message).toEqual({
      domain: ['Invalid domain name.'],
      privacy: ['The privacy must be between 0 and 2.'],
      email: ['The email must be an integer.'],
    });
    // email takes any integer, as the host's rule says.
    const anyEmail = await call(emu, 'POST', WEB, { form: { domain: 'email-five.example.com', email: 5, exclude_bots: 2 } });
    expect(anyEmail.body.message).toEqual({ exclude_bots: ['The exclude bots must be between 0 and 1.'] });
    const pw = await call(emu, 'POST', WEB, { form: { domain: 'pw-needed.example.com', privacy: 2 } });
    expect(pw.body.message).toEqual({ password: ['The password field is required when privacy is 2.'] });
  });

  it('stores exclude_params but never returns it; password comes back as a boolean', async () => {
    const a = await call(emu, 'POST', WEB, {
      form: { domain: 'secret.example.com', privacy: 2, password: 'hunter2', exclude_params: 'utm_source\nref', exclude_ips: '1.2.3.4\n5.6.7.8' },
    });
    expect(a.status).toBe(201);
    expect(a.body.data).not.toHaveProperty('exclude_params');
    expect(a.body.data.password).toBe(true);
    expect(a.body.data.exclude_ips).toBe('1.2.3.4\n5.6.7.8');
    expect(a.text).not.toContain('hunter2');
    const raw = emu.websites().find((w) => w.id === a.body.data.id)!;
    expect(raw.exclude_params).toBe('utm_source\nref');
    expect(raw.password).toBe('hunter2');
    const shown = await call(emu, 'GET', `${WEB}/${a.body.data.id}`);
    expect(shown.body.data).not.toHaveProperty('exclude_params');
  });

  it('shows one website and 404s an unknown id', async () => {
    const made = await call(emu, 'POST', WEB, { form: { domain: 'show.example.com' } });
    const a = await call(emu, 'GET', `${WEB}/${made.body.data.id}`);
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ data: made.body.data, status: 200 });
    const missing = await call(emu, 'GET', `${WEB}/999999`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Resource not found.', status: 404 });
  });

  it('updates by PUT and PATCH, only the fields sent, echoed as the strings sent; domain is not updatable', async () => {
    const made = await call(emu, 'POST', WEB, { form: { domain: 'upd.example.com', exclude_params: 'keep_me', email: 1 } });
    const id = made.body.data.id;
    expect(made.body.data).toMatchObject({ privacy: null, email: '1', exclude_bots: 1 });
    const put = await call(emu, 'PUT', `${WEB}/${id}`, { form: { privacy: 0, domain: 'other.example.com' } });
    expect(put.status).toBe(200);
    expect(put.body.status).toBe(200);
    expect(put.body.data).toMatchObject({ id, domain: 'upd.example.com', privacy: '0', email: 1, exclude_bots: 1 });
    const patch = await call(emu, 'PATCH', `${WEB}/${id}`, { form: { exclude_bots: 0, exclude_ips: '9.9.9.9' } });
    expect(patch.body.data).toMatchObject({ privacy: 0, exclude_bots: '0', exclude_ips: '9.9.9.9' });
    // What was stored reads back as numbers.
    expect((await call(emu, 'GET', `${WEB}/${id}`)).body.data).toMatchObject({ privacy: 0, email: 1, exclude_bots: 0 });
    const raw = emu.websites().find((w) => w.id === id)!;
    expect(raw.exclude_params).toBe('keep_me');
    // An empty string clears an optional field (Laravel turns "" into null).
    const cleared = await call(emu, 'PATCH', `${WEB}/${id}`, { form: { exclude_ips: '' } });
    expect(cleared.body.data.exclude_ips).toBeNull();
    const bad = await call(emu, 'PUT', `${WEB}/${id}`, { form: { privacy: 'private' } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toEqual({ privacy: ['The privacy must be an integer.'] });
    // Privacy Password without a password is accepted on update, as the host's rules have it.
    expect((await call(emu, 'PUT', `${WEB}/${id}`, { form: { privacy: 2 } })).status).toBe(200);
    // An unknown id: validation first, then the host's own 500 (its controller fails on it).
    expect((await call(emu, 'PUT', `${WEB}/999999`, { form: { privacy: 9 } })).status).toBe(422);
    const missing = await call(emu, 'PUT', `${WEB}/999999`, { form: { privacy: 0 } });
    expect(missing.status).toBe(500);
    expect(missing.text).toBe('{\n    "message": "Server Error"\n}');
  });

  it('accepts JSON bodies too', async () => {
    const a = await call(emu, 'POST', WEB, { json: { domain: 'json.example.com', privacy: 0, email: 1 } });
    expect(a.status).toBe(201);
    // The write answers the JSON numbers as sent (a form's fields come back as strings).
    expect(a.body.data).toMatchObject({ domain: 'json.example.com', privacy: 0, email: 1 });
    expect((await call(emu, 'GET', `${WEB}/${a.body.data.id}`)).body.data).toMatchObject({ domain: 'json.example.com', privacy: 0, email: 1 });
  });

  it('deletes and answers with the delete body; a second delete is 404', async () => {
    const made = await call(emu, 'POST', WEB, { form: { domain: 'gone.example.com' } });
    const id = made.body.data.id;
    const a = await call(emu, 'DELETE', `${WEB}/${id}`);
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ id, object: 'website', deleted: true, status: 200 });
    expect((await call(emu, 'GET', `${WEB}/${id}`)).status).toBe(404);
    expect((await call(emu, 'DELETE', `${WEB}/${id}`)).status).toBe(404);
    // The domain is free again, and ids are never reused.
    const again = await call(emu, 'POST', WEB, { form: { domain: 'gone.example.com' } });
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBeGreaterThan(id);
  });

  it('answers HEAD like GET, without a body', async () => {
    const a = await call(emu, 'HEAD', WEB);
    expect(a.status).toBe(200);
    expect(a.text).toBe('');
  });

  it('refuses methods a route does not take with 405', async () => {
    const a = await call(emu, 'PATCH', WEB);
    expect(a.status).toBe(405);
    expect(a.headers.get('allow')).toContain('POST');
  });
});
