// The commands' fault matrix: every fault × list, show, create, update, delete through the entry's
// seam in this process (test/commands/inProcess.ts) against the emulator, over loopback HTTP.
// Each cell asserts the documented exit code, one stderr line naming the
// host and the next step, no stack trace, the retry policy counted in emulator hits, and that the
// key is never printed. Timeouts use SITEDECK_TIMEOUT=1 against a 2 s delay.
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/commands/exitCodes';
import type { Emulator } from '../../src/emulator';
import type { RunResult } from '../commands/helpers';
import { runCommand } from '../commands/inProcess';
import { OPS, SECRET_KEY, STACK, argsFor, caseServer, closedPort, headlines, hitsOf, target, type Op, type Resource } from '../helpers/cliFaults';
import { waitFor } from '../helpers/wait';

interface Expectation {
  code: number;
  /** Requests that reached the faulted method + path (GETs: 1 + retries). */
  hits: number;
  /** The message: host, what happened, what to do. */
  message: RegExp;
}

interface FaultRow {
  fault: string;
  /** Switches the fault on for this operation (or changes the env, for an unreachable host). */
  arm(em: Emulator, op: Op, t: { method: string; path: string }, id: number): Promise<Record<string, string> | void> | Record<string, string> | void;
  expect(op: Op): Expectation;
  /** Checks on the emulator after the command exited (before it closes). */
  after?(em: Emulator, op: Op, t: { method: string; path: string }): Promise<void>;
}

const isRead = (op: Op) => op === 'list' || op === 'show';
const isWrite = (op: Op) => !isRead(op);
const HOST = String.raw`the analytics host 127\.0\.0\.1:\d+`;
const Host = String.raw`The analytics host 127\.0\.0\.1:\d+`;
const re = (s: string) => new RegExp(s);
const MAY_HAVE_APPLIED = /The change may have been applied — read it again to check \(get or list\)\./;

/** Removes a record the way another user would: a DELETE straight to the emulator. */
async function deleteElsewhere(em: Emulator, id: number): Promise<void> {
  const res = await fetch(`${em.baseUrl}/public/api/v1/websites/${id}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${SECRET_KEY}`, Accept: 'application/json' },
  });
  expect(res.ok).toBe(true);
}

const ROWS: FaultRow[] = [
  {
    fault: 'network error (connection refused)',
    arm: async () => ({ SITEDECK_BASE_URL: `http://127.0.0.1:${await closedPort()}` }),
    // Nothing listens, so nothing can be counted; a refused connection never carried the write.
    expect: () => ({
      code: EXIT.server,
      hits: 0,
      message: re(String.raw`Could not reach ${HOST} \(connection refused\)\. Check the base URL \(SITEDECK_BASE_URL\) and the network\.`),
    }),
  },
  {
    fault: 'connection reset',
    arm: (em, _op, t) => void em.addFault({ ...t, fault: { type: 'reset' } }),
    expect: (op) =>
      isRead(op)
        ? { code: EXIT.server, hits: 3, message: re(String.raw`Could not reach ${HOST} \(connection (reset|closed)[^)]*\)\. Check the base URL`) }
        : {
            code: EXIT.server,
            hits: 1,
            message: re(
              String.raw`The connection to ${HOST} was lost \([^)]+\)\. ` +
                String.raw`The change may have been applied — read it again to check \(get or list\)\.`,
            ),
          },
  },
  {
    fault: 'timeout',
    arm: (em, _op, t) => {
      em.addFault({ ...t, fault: { type: 'delay', ms: 2_000 } });
      return { SITEDECK_TIMEOUT: '1' };
    },
    expect: (op) =>
      isRead(op)
        ? {
            code: EXIT.server,
            hits: 3,
            message: re(String.raw`${Host} did not answer within 1 s \(3 attempts, [\d.]+ s in all\)\. Try again; the host may be overloaded\.`),
          }
        : {
            code: EXIT.server,
            hits: 1,
            message: re(String.raw`${Host} did not answer within 1 s\. The change may have been applied — read it again to check \(get or list\)\.`),
          },
    after: async (em, op, t) => {
      if (op !== 'create') return;
      // The host finishes the slow create after sitedeck gave up: "may have been applied" is true,
      // and it was applied exactly once, never re-sent.
      await waitFor(() => em.websites().some((w) => String(w.domain).startsWith('timeout-create')), 'the slow create to land', 5_000);
      expect(em.websites().filter((w) => String(w.domain).startsWith('timeout-create'))).toHaveLength(1);
      expect(hitsOf(em, t)).toHaveLength(1);
    },
  },
  {
    fault: '500',
    arm: (em, _op, t) => void em.addFault({ ...t, fault: { type: 'status', status: 500 } }),
    expect: (op) => ({
      code: EXIT.server,
      hits: isRead(op) ? 3 : 1,
      message: re(String.raw`${Host} had a server error \(500\): "Server Error"\. Try again in a moment`),
    }),
  },
  {
    fault: '502 with an HTML page',
    arm: (em, _op, t) => void em.addFault({ ...t, fault: { type: 'html', status: 502 } }),
    expect: (op) => ({ code: EXIT.server, hits: isRead(op) ? 3 : 1, message: re(String.raw`${Host} had a server error \(502\)\. Try again in a moment`) }),
  },
  {
    fault: '503 then success',
    arm: (em, _op, t) => void em.addFault({ ...t, times: 1, fault: { type: 'status', status: 503 } }),
    // A read is retried and succeeds; a write is never re-sent on its own.
    expect: (op) =>
      isRead(op) ? { code: EXIT.ok, hits: 2, message: /^$/ } : { code: EXIT.server, hits: 1, message: re(String.raw`${Host} had a server error \(503\)`) },
  },
  {
    fault: '429 with Retry-After',
    arm: (em, _op, t) =>
      void em.addFault({ ...t, fault: { type: 'status', status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '1' } } }),
    // The server refused before doing anything, so even writes are retried (after Retry-After),
    // five times in a row before giving up.
    expect: () => ({ code: EXIT.rateLimited, hits: 6, message: re(String.raw`${Host} is limiting requests \(429\): try again in 1 s\.`) }),
  },
  {
    fault: '401',
    arm: (em, _op, t) => void em.addFault({ ...t, fault: { type: 'status', status: 401, body: { message: 'Unauthenticated.' } } }),
    expect: () => ({
      code: EXIT.auth,
      hits: 1,
      message: re(String.raw`${Host} did not accept the API key \(401\)\. Check the API key \(SITEDECK_API_KEY or \`sitedeck config set-key\`\)\.`),
    }),
  },
  {
    fault: '403',
    arm: (em, _op, t) => void em.addFault({ ...t, fault: { type: 'status', status: 403, body: { message: "You don't have access to this feature." } } }),
    expect: (op) => ({
      code: EXIT.auth,
      hits: 1,
      message:
        op === 'list' || op === 'create'
          ? re(
              String.raw`${Host} refused access \(403\): "You don't have access to this feature\."\. ` +
                String.raw`The account's plan may not include API access; ask the host's administrator\.`,
            )
          : re(String.raw`${Host} refused access to website \d+ \(403\).*deleted elsewhere; otherwise`),
    }),
  },
  {
    fault: '404 (record deleted elsewhere)',
    arm: async (em, op, t, id) => {
      // A record op meets a record someone else deleted; a collection op meets a wrong base URL.
      if (op === 'list' || op === 'create') em.addFault({ ...t, fault: { type: 'status', status: 404, body: { message: 'Not Found' } } });
      else await deleteElsewhere(em, id);
    },
    expect: (op) =>
      op === 'list' || op === 'create'
        ? {
            code: EXIT.notFound,
            hits: 1,
            message: re(String.raw`${Host} has no API at /public/api/v1/websites \(404\)\. Check the base URL \(SITEDECK_BASE_URL\)\.`),
          }
        : // delete reads the record first to name it: the 404 stops it before any DELETE is sent.
          {
            code: EXIT.notFound,
            hits: op === 'delete' ? 0 : 1,
            message: re(String.raw`${Host} has no website \d+ \(404\): the record may have been deleted elsewhere\.`),
          },
  },
  {
    fault: '422',
    arm: (em, _op, t) =>
      void em.addFault({ ...t, fault: { type: 'status', status: 422, body: { message: { privacy: ['The selected privacy is invalid.'] }, status: 422 } } }),
    expect: () => ({ code: EXIT.validation, hits: 1, message: re(String.raw`${Host} rejected the values \(422\); correct them and try again:`) }),
  },
  {
    fault: 'malformed JSON',
    arm: (em, _op, t) => void em.addFault({ ...t, fault: { type: 'malformedJson' } }),
    // Not transient: asking again would get the same answer.
    // A write answered 200 was processed, so the message says so instead of blaming the base URL.
    expect: (op) => ({
      code: EXIT.server,
      hits: 1,
      message: isWrite(op)
        ? re(
            String.raw`${Host} sent an answer sitedeck cannot read \(malformed JSON, HTTP 200\)\. ` +
              String.raw`The change was probably applied — read it again to check \(get or list\)\.`,
          )
        : re(String.raw`${Host} sent an answer sitedeck cannot read \(malformed JSON, HTTP 200\)\. Check that SITEDECK_BASE_URL points at the API\.`),
    }),
  },
  {
    fault: '302 to /login',
    arm: (em, _op, t) => void em.addFault({ ...t, fault: { type: 'redirectLogin' } }),
    expect: () => ({
      code: EXIT.auth,
      hits: 1,
      message: re(String.raw`${Host} redirected to its login page: it did not accept the API key\. Check the API key`),
    }),
  },
  {
    fault: 'empty 200 body',
    arm: (em, _op, t) => void em.addFault({ ...t, fault: { type: 'emptyBody' } }),
    // A delete answered 200 with no body is a success (servers answer 204 or an empty 200).
    expect: (op) =>
      op === 'delete'
        ? { code: EXIT.ok, hits: 1, message: /^$/ }
        : {
            code: EXIT.server,
            hits: 1,
            message: isWrite(op)
              ? re(
                  String.raw`${Host} sent an answer sitedeck cannot read \(an empty answer, HTTP 200\)\. ` +
                    String.raw`The change was probably applied — read it again to check \(get or list\)\.`,
                )
              : re(String.raw`${Host} sent an answer sitedeck cannot read \(an empty answer, HTTP 200\)\. Check that`),
          },
  },
];

const CELLS = ROWS.flatMap((row) => OPS.map((op) => ({ name: `${row.fault} × ${op}`, row, op })));
const results: RunResult[] = [];

async function runCell(resource: Resource, row: FaultRow, op: Op, tag: string) {
  const server = await caseServer();
  try {
    const id = (server.emulator.websites()[0]?.id as number) ?? 1;
    const rid = resource === 'reports' ? ((server.emulator.reports()[0]?.id as number) ?? 1) : id;
    const t = target(resource, op, rid);
    const env = (await row.arm(server.emulator, op, t, rid)) ?? {};
    server.emulator.clearHits();
    const r = await runCommand(argsFor(resource, op, rid, tag), { env: { ...server.env, ...env } });
    results.push(r);
    const hits = hitsOf(server.emulator, t).length;
    await row.after?.(server.emulator, op, t);
    return { r, hits };
  } finally {
    await server.close();
  }
}

describe.concurrent('commands under faults (websites)', () => {
  it.each(CELLS)('$name', async ({ row, op }) => {
    const tag = `${row.fault}-${op}`.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    const want = row.expect(op);
    const { r, hits } = await runCell('websites', row, op, tag);
    const where = `${row.fault} × ${op}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`;
    expect(r.code, where).toBe(want.code);
    expect(STACK.test(r.stderr), where).toBe(false);
    expect(r.stdout + r.stderr, where).not.toContain(SECRET_KEY);
    if (want.code === EXIT.ok) {
      expect(r.stderr.replace(/^(Deleted|Created|Updated) .*\n/, ''), where).toBe('');
    } else {
      const lines = headlines(r.stderr);
      expect(lines, where).toHaveLength(1);
      expect(lines[0], where).toMatch(/^sitedeck: /);
      expect(lines[0], where).toMatch(want.message);
      expect(r.stdout, where).toBe('');
    }
    // GETs retried per policy, writes never re-sent (429 excepted: refused before doing anything).
    expect(hits, where).toBe(want.hits);
    if (row.fault === 'connection reset' && !isRead(op)) expect(r.stderr).toMatch(MAY_HAVE_APPLIED);
  });
});

describe.concurrent('commands under faults name the SEO host for reports', () => {
  const SEO = String.raw`SEO host 127\.0\.0\.1:\d+`;
  it.each([
    {
      op: 'list' as Op,
      arm: (em: Emulator, t: { method: string; path: string }) => em.addFault({ ...t, fault: { type: 'html', status: 502 } }),
      code: EXIT.server,
      hits: 3,
      message: re(String.raw`The ${SEO} had a server error \(502\)`),
    },
    {
      op: 'create' as Op,
      arm: (em: Emulator, t: { method: string; path: string }) => em.addFault({ ...t, fault: { type: 'reset' } }),
      code: EXIT.server,
      hits: 1,
      message: re(String.raw`The connection to the ${SEO} was lost .*may have been applied — read it again to check`),
    },
    {
      op: 'update' as Op,
      arm: (em: Emulator, t: { method: string; path: string }) => em.addFault({ ...t, fault: { type: 'redirectLogin' } }),
      code: EXIT.auth,
      hits: 1,
      message: re(String.raw`The ${SEO} redirected to its login page`),
    },
    {
      op: 'show' as Op,
      arm: (em: Emulator, t: { method: string; path: string }) => em.addFault({ ...t, fault: { type: 'malformedJson' } }),
      code: EXIT.server,
      hits: 1,
      message: /SITEDECK_SEO_BASE_URL points at the API/,
    },
  ])('reports $op', async ({ op, arm, code, hits, message }) => {
    const row: FaultRow = { fault: 'x', arm: (em, _o, t) => void arm(em, t), expect: () => ({ code, hits, message }) };
    const { r, hits: n } = await runCell('reports', row, op, `seo-${op}`);
    expect(r.code, r.stderr).toBe(code);
    expect(headlines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(message);
    expect(n).toBe(hits);
    expect(r.stdout + r.stderr).not.toContain(SECRET_KEY);
  });
});

describe('commands under faults: afterwards', () => {
  it('no run printed the key or a stack trace', () => {
    expect(results.length).toBe(CELLS.length + 4);
    for (const r of results) {
      expect(r.stdout + r.stderr).not.toContain(SECRET_KEY);
      expect(STACK.test(r.stderr)).toBe(false);
    }
  });
});
