// The commands keep ids above 2^53 exact (as the server sent them, in --ids and in a name that
// resolves to one) and refuse, in words and before sending, a write to a record whose id is not a
// whole number.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAnswer, startHostileServer, type HostileServer, type SeenRequest } from '../../helpers/hostile';
import { runCommand } from '../inProcess';

const SPAM = '{"id":9007199254740993,"domain":"delete-me-spam.example","privacy":0}';
const SHOP = '{"id":9007199254740992,"domain":"production-shop.example","privacy":0}';
const FLOAT = '{"id":1e+21,"domain":"float-id.example","privacy":0}';

let server: HostileServer;
let dir: string;
let env: Record<string, string>;

function answer(req: SeenRequest) {
  if (req.method === 'DELETE') return { body: '' };
  const one = /\/websites\/(\d+)/.exec(req.path)?.[1];
  if (one) return { body: [SPAM, SHOP].find((w) => w.includes(`"id":${one},`)) ?? '{}' };
  if (/search=float/.test(req.path)) return { body: listAnswer([FLOAT]) };
  if (/search=delete-me/.test(req.path)) return { body: listAnswer([SPAM]) };
  return { body: listAnswer([SPAM, SHOP, FLOAT]) };
}

beforeAll(async () => {
  server = await startHostileServer(answer);
  dir = mkdtempSync(join(tmpdir(), 'sd-ids-'));
  env = { SITEDECK_CONFIG_DIR: dir, SITEDECK_BASE_URL: server.base, SITEDECK_SEO_BASE_URL: server.base, SITEDECK_API_KEY: 'k', SITEDECK_HISTORY: 'false' };
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const writes = () => server.seen.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

describe('ids above 2^53 in the commands', () => {
  it('list shows each id with its own digits, in the table and in --json', async () => {
    const table = await runCommand(['websites', 'list'], { env });
    expect(table.stdout).toContain('9007199254740993');
    expect(table.stdout).toContain('9007199254740992');
    const json = await runCommand(['websites', 'list', '--json'], { env });
    const ids = (JSON.parse(json.stdout) as { data: { id: unknown }[] }).data.map((r) => r.id);
    expect(ids).toEqual(['9007199254740993', '9007199254740992', '1e+21']);
  });

  it('delete by id, by --ids and by name reaches the record asked for', async () => {
    server.seen.length = 0;
    expect((await runCommand(['websites', 'delete', '9007199254740993', '--yes'], { env })).code).toBe(0);
    expect((await runCommand(['websites', 'delete', '--ids', '9007199254740993', '--yes'], { env })).code).toBe(0);
    expect((await runCommand(['websites', 'delete', '--ids', '-', '--yes'], { env, input: '9007199254740993\n' })).code).toBe(0);
    expect((await runCommand(['websites', 'delete', 'delete-me-spam.example', '--yes'], { env })).code).toBe(0);
    expect(writes()).toEqual(Array(4).fill('DELETE /public/api/v1/websites/9007199254740993'));
  });

  it('a record whose id is 1e+21 is refused in words, and nothing is sent', async () => {
    server.seen.length = 0;
    const r = await runCommand(['websites', 'delete', 'float-id.example', '--yes'], { env });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('its id 1e+21 is not a whole number from 1, so sitedeck sends nothing for it');
    expect(writes()).toEqual([]);
  });
});
