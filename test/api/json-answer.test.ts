// Answers nested deeper than max_depth are refused before anything walks them (a record 10 000
// levels deep made `--json` write 400 MB); ids JSON.parse would round keep their digits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { DEFAULT_MAX_DEPTH, nestingPast, parseAnswer, scanAnswer } from '../../src/api/jsonAnswer';
import { idProblem, recordIdOf } from '../../src/domain';
import { listAnswer, startHostileServer, type HostileServer } from '../helpers/hostile';
import { apiError } from './helpers';

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('the answer reader', () => {
  it('measures nesting in one pass, skipping brackets inside strings, and stops past the limit', () => {
    expect(nestingPast('{"a":[1,{"b":"[[[[[[[[[[\\"[["}]}', 3)).toBeNull();
    expect(nestingPast('[[[[1]]]]', 3)).toBe(4);
    expect(nestingPast(nested(10_000), DEFAULT_MAX_DEPTH)).toBe(DEFAULT_MAX_DEPTH + 1);
  });

  it('refuses a deep answer, and reads one at the limit', () => {
    expect(parseAnswer(nested(10_000))).toEqual({ ok: false, problem: 'deep', depth: 65 });
    expect(parseAnswer(nested(64)).ok).toBe(true);
    expect(parseAnswer(nested(100), 100).ok).toBe(true);
  });

  it('keeps the digits of an id above 2^53, wherever it is, and leaves every other number alone', () => {
    const r = parseAnswer('{"data":[{"id":9007199254740993,"score":12345678901234567,"x":{"id":1e+21}},{"id":5}]}');
    expect(r).toEqual({ ok: true, value: { data: [{ id: '9007199254740993', score: 12345678901234568, x: { id: '1e+21' } }, { id: 5 }] } });
  });

  it('skips strings whole, escaped quotes and backslashes included', () => {
    expect(scanAnswer('["\\\\", "a\\"[[[[", {"k": "\\\\\\"}"}]', 2)).toEqual({ deep: null, longNumber: false });
    expect(scanAnswer('{"id": 9007199254740993}', 64)).toEqual({ deep: null, longNumber: true });
    expect(scanAnswer('{"phone": "12345678901234567"}', 64)).toEqual({ deep: null, longNumber: false });
  });

  it('an id past 2^53 that was rounded on the way is never taken for a usable one', () => {
    const rounded = recordIdOf(9007199254740992);
    expect(rounded).toBe('9.007199254740992e+15');
    expect(idProblem(rounded!)).not.toBeNull();
  });
});

describe('a client meeting an answer 200 levels deep', () => {
  let server: HostileServer;
  beforeAll(async () => {
    server = await startHostileServer(() => ({ body: listAnswer([`{"id":1,"domain":"deep.example","x":${nested(200)}}`]) }));
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses it in words, naming the limit and the setting', async () => {
    const client = createClient({ baseUrl: server.base, seoBaseUrl: server.base, apiKey: 'k', retries: 0 });
    const e = await apiError(client.websites.list());
    expect(e.kind).toBe('badResponse');
    expect(e.message).toContain('an answer nested more than 64 levels deep (the limit, max_depth), refused unread');
  });

  it('reads it when max_depth allows', async () => {
    const client = createClient({ baseUrl: server.base, seoBaseUrl: server.base, apiKey: 'k', retries: 0, maxDepth: 1000 });
    expect((await client.websites.list()).items.map((w) => w.domain)).toEqual(['deep.example']);
  });
});
