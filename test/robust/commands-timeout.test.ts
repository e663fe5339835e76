// Timeouts through the bundled CLI. The commands have no timeout setting, so these use the client's
// real 15 s per attempt; the cells run concurrently, each on its own emulator, so the file takes
// about as long as its slowest cell (a list that times out three times: ~46 s).
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/commands/exitCodes';
import { runCli } from '../commands/helpers';
import { SECRET_KEY, STACK, argsFor, caseServer, headlines, hitsOf, target, type Op } from '../helpers/cliFaults';
import { waitFor } from '../helpers/waitFor';

const CLIENT_TIMEOUT_MS = 15_000;
/** Longer than the client waits, so every delayed attempt times out. */
const DELAY = { type: 'delay' as const, ms: CLIENT_TIMEOUT_MS + 1_500 };
const Host = String.raw`The analytics host 127\.0\.0\.1:\d+`;

interface Cell {
  op: Op;
  /** How many attempts meet the delay (undefined: all of them). */
  times?: number;
  code: number;
  hits: number;
  message: RegExp | null;
}

const CELLS: Cell[] = [
  // A list that never answers: tried three times, then a message saying to try again.
  { op: 'list', code: EXIT.server, hits: 3, message: new RegExp(String.raw`${Host} did not answer within 15 s\. Try again; the host may be overloaded\.`) },
  // A read whose first attempt times out is retried and succeeds.
  { op: 'show', times: 1, code: EXIT.ok, hits: 2, message: null },
  // Writes: sent once, never again, and the message says the change may have happened.
  ...(['create', 'update', 'delete'] as const).map((op) => ({
    op,
    times: 1,
    code: EXIT.server,
    hits: 1,
    message: new RegExp(String.raw`${Host} did not answer within 15 s\. The change may have been applied — refresh to check\.`),
  })),
];

describe.concurrent('commands when the host does not answer in time', () => {
  it.each(CELLS)('timeout × $op', { timeout: 90_000 }, async ({ op, times, code, hits, message }) => {
    const server = await caseServer();
    try {
      const em = server.emulator;
      const id = em.websites()[0]!.id as number;
      const t = target('websites', op, id);
      em.addFault({ ...t, times, fault: DELAY });
      const before = em.websites().length;
      const r = await runCli(argsFor('websites', op, id, `slow-${op}`), { env: server.env, timeoutMs: 80_000 });
      const where = `timeout × ${op}\nstderr: ${r.stderr}`;
      expect(r.code, where).toBe(code);
      expect(STACK.test(r.stderr), where).toBe(false);
      expect(r.stdout + r.stderr).not.toContain(SECRET_KEY);
      if (message) {
        expect(headlines(r.stderr), where).toHaveLength(1);
        expect(r.stderr, where).toMatch(message);
      }
      expect(hitsOf(em, t), where).toHaveLength(hits);
      if (op === 'create') {
        // The host finishes the slow create after sitedeck gave up: "may have been applied" is true,
        // and it was applied exactly once.
        await waitFor(() => em.websites().length === before + 1, 'the delayed create to land', 10_000);
        expect(em.websites().filter((w) => w.domain === 'slow-create.example.com')).toHaveLength(1);
        expect(hitsOf(em, t)).toHaveLength(1);
      }
    } finally {
      await server.close();
    }
  });
});
