// Hostile server strings through the commands (the entry's seam in this process, test/commands/inProcess.ts), beyond the records test/commands covers: error
// messages (a fault body's message and 422 field messages), unknown extra fields, C1 controls and
// bidi isolates, report checks, and the one-line confirmations of update and delete. None may reach
// the terminal raw; --json must carry the original string exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/commands/exitCodes';
import { runCommand } from '../commands/inProcess';
import { STACK, caseServer, type CaseServer } from '../helpers/cliFaults';
import { HOSTILE, RAW_CONTROL, VISIBLE_MESSAGE, hostileRecordFields } from '../helpers/hostile';

let srv: CaseServer;
let wid: number;
let rid: number;
beforeAll(async () => {
  srv = await caseServer();
  wid = srv.emulator.insertRaw('websites', { ...hostileRecordFields('websites'), privacy: 1, email: 0, exclude_bots: 1 });
  rid = srv.emulator.insertRaw('reports', {
    ...hostileRecordFields('reports'),
    result: 40,
    privacy: 0,
    checks: [{ name: HOSTILE.osc52, label: HOSTILE.clear + 'Title tag', passed: false, importance: HOSTILE.c1 }],
  });
});
afterAll(() => srv.close());

const run = (args: string[]) => runCommand(args, { env: srv.env });
const inert = (s: string) => !RAW_CONTROL.test(s);

describe('hostile server strings in the commands', () => {
  it.each([
    { cmd: 'websites list', args: ['websites', 'list'] },
    { cmd: 'websites get', args: ['websites', 'get', 'WID'] },
    { cmd: 'reports list', args: ['reports', 'list'] },
    { cmd: 'reports get', args: ['reports', 'get', 'RID'] },
  ])('$cmd: TSV output is inert, visible text kept', async ({ args }) => {
    const argv = args.map((a) => (a === 'WID' ? String(wid) : a === 'RID' ? String(rid) : a));
    const r = await run(argv);
    expect(r.code, r.stderr).toBe(0);
    expect(inert(r.stdout), JSON.stringify(r.stdout.slice(0, 400))).toBe(true);
    expect(inert(r.stderr)).toBe(true);
    expect(r.stdout).toContain(argv[0] === 'websites' ? 'visible.example' : 'visible-project');
  });

  it('the detail shows unknown extra fields inert, names and values', async () => {
    const r = await run(['websites', 'get', String(wid)]);
    expect(r.stdout).toContain('extra-note');
    expect(r.stdout).toContain('extra-value');
    expect(inert(r.stdout)).toBe(true);
  });

  it('--json carries every original string exactly (and JSON escapes keep the terminal safe)', async () => {
    const w = JSON.parse((await run(['websites', 'get', String(wid), '--json'])).stdout) as Record<string, unknown>;
    const expected = hostileRecordFields('websites');
    expect(w.domain).toBe(expected.domain);
    expect(w.exclude_ips).toBe(expected.exclude_ips);
    const list = await run(['reports', 'list', '--json']);
    const rep = (JSON.parse(list.stdout) as { data: Record<string, unknown>[] }).data.find((x) => x.id === rid)!;
    expect(rep.url).toBe(hostileRecordFields('reports').url);
    expect(rep.project).toBe(hostileRecordFields('reports').project);
    // The text itself is inert too: C0 escaped by JSON, C1 controls and bidi overrides by sitedeck,
    // so --json printed straight to a terminal acts on nothing.
    const raw = (await run(['websites', 'get', String(wid), '--json'])).stdout + list.stdout;
    expect(inert(raw), JSON.stringify(raw.slice(0, 400))).toBe(true);
    expect(list.stdout).toMatch(/\\u00[89][0-9a-f]|\\u20(2[a-e]|6[6-9])/);
  });

  it('the aligned table on a terminal is inert', async () => {
    for (const args of [
      ['websites', 'list'],
      ['reports', 'list'],
      ['reports', 'get', String(rid)],
    ]) {
      const r = await runCommand(['--no-color', ...args], { env: srv.env, terminal: { columns: 120 } });
      expect(r.code).toBe(0);
      // What the terminal is given: everything but the line ends must be printable.
      expect(inert(r.screen), args.join(' ')).toBe(true);
    }
  });

  it('confirmations of update and delete name the record inert', async () => {
    const u = await run(['websites', 'update', String(wid), '--email', 'enabled']);
    expect(u.code, u.stderr).toBe(0);
    expect(u.stderr).toMatch(/^Updated website .*visible\.example/);
    expect(inert(u.stderr) && inert(u.stdout)).toBe(true);
    const extra = srv.emulator.insertRaw('reports', { ...hostileRecordFields('reports'), result: 10, privacy: 0 });
    const d = await run(['reports', 'delete', String(extra), '--yes']);
    expect(d.code, d.stderr).toBe(0);
    expect(d.stderr).toMatch(/^Deleted report /);
    expect(inert(d.stderr)).toBe(true);
  });

  it('a server error message carrying escapes is quoted inert, on one line', async () => {
    srv.emulator.addFault({ method: 'GET', times: 3, fault: { type: 'status', status: 500, body: { message: HOSTILE.all } } });
    const r = await run(['websites', 'list']);
    srv.emulator.clearFaults();
    expect(r.code).toBe(EXIT.server);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('had a server error (500)');
    expect(r.stderr).toContain(VISIBLE_MESSAGE);
    expect(inert(r.stderr), JSON.stringify(r.stderr)).toBe(true);
    expect(STACK.test(r.stderr)).toBe(false);
  });

  it('422 field names and messages carrying escapes are printed inert', async () => {
    srv.emulator.addFault({ method: 'POST', fault: { type: 'status', status: 422, body: { message: { [`domain${HOSTILE.title}`]: [HOSTILE.all] } } } });
    const r = await run(['websites', 'create', 'fine.example.com']);
    srv.emulator.clearFaults();
    expect(r.code).toBe(EXIT.validation);
    expect(r.stderr).toContain(VISIBLE_MESSAGE);
    expect(inert(r.stderr), JSON.stringify(r.stderr)).toBe(true);
  });

  it('a 403 message carrying escapes is inert', async () => {
    srv.emulator.addFault({ fault: { type: 'status', status: 403, body: { message: HOSTILE.all } } });
    const f = await run(['reports', 'get', String(rid)]);
    srv.emulator.clearFaults();
    expect(f.code).toBe(EXIT.auth);
    expect(inert(f.stderr), JSON.stringify(f.stderr)).toBe(true);
  });
});
