// What y and Y copy: the record's own name (what / finds it by), its link, id, or the record as
// JSON; a name that is not a web address is refused for name and link alike, as o refuses it.
import { describe, expect, it } from 'vitest';
import { copyValue } from '../../src/ui/words/copyValues';
import { report, website } from '../helpers/records';

describe('copyValue', () => {
  it('a website: the domain, the https link, the id, one line of JSON', () => {
    const w = website(7, { domain: 'kite-orbit-271.net' });
    expect(copyValue('websites', w, 'name')).toEqual({ ok: true, text: 'kite-orbit-271.net' });
    expect(copyValue('websites', w, 'link')).toEqual({ ok: true, text: 'https://kite-orbit-271.net' });
    expect(copyValue('websites', w, 'id')).toEqual({ ok: true, text: '7' });
    const json = copyValue('websites', w, 'json');
    expect(json.ok && JSON.parse(json.text)).toEqual(JSON.parse(JSON.stringify(w)));
    expect(json.ok && json.text.includes('\n')).toBe(false);
  });

  it('a report: the URL as stored is its name and its link', () => {
    const r = report(3, { url: 'https://shop.example.com/cart' });
    expect(copyValue('reports', r, 'name')).toEqual({ ok: true, text: 'https://shop.example.com/cart' });
    expect(copyValue('reports', r, 'link')).toEqual({ ok: true, text: 'https://shop.example.com/cart' });
  });

  it('refuses a name that is not a web address; the id and JSON still copy, escaped where a terminal would act', () => {
    const w = website(8, { domain: 'javascript:alert(1)\u202e' });
    expect(copyValue('websites', w, 'name')).toEqual({ ok: false, why: 'it is a javascript: link, and only http and https links are opened or copied' });
    expect(copyValue('websites', w, 'link').ok).toBe(false);
    const json = copyValue('websites', w, 'json');
    expect(json.ok && json.text).toContain('javascript:alert(1)\\u202e');
  });
});
