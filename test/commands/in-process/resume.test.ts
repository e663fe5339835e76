// The resume line of a bulk run that stopped (src/commands/resume.ts): the user's own words, short
// whatever the count, and running what it prints finishes the job with no record written twice
// (the emulator's request log counts each PUT).
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/commands/exitCodes';
import { RESUME_WIDTH } from '../../../src/commands/resume';
import { emulatorFixture } from '../helpers';
import { runCommand } from '../inProcess';

const WEB = '/public/api/v1/websites';
const epipe = () => Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });

describe('the resume line', () => {
  it('400 ids: the command as typed under 200 characters, the ids after it; running it finishes the job, each PUT once', async () => {
    const fx = await emulatorFixture({ seed: 400, seedReports: 0 });
    try {
      const ids = fx.emulator.websites().map((w) => w.id as number);
      expect(ids).toHaveLength(400);
      // The reader goes away as the fourth record's line is written.
      const first = await runCommand(['websites', 'update', '--ids', '-', '--email', 'enabled'], {
        env: fx.env,
        input: ids.join('\n'),
        beforeWrite: (stream, _s, n) => {
          if (stream === 'stdout' && n === 3) throw epipe();
        },
      });
      expect(first.code, first.stderr).toBe(EXIT.readerGone);
      const lines = first.stderr.trimEnd().split('\n');
      for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(RESUME_WIDTH);
      expect(lines).toContain('Updated 4 of 400 websites: 4 done, 0 failed, 0 may have been applied, 396 not started');
      const head = lines.indexOf('To resume (396 ids; paste the lines below whole):');
      expect(head, first.stderr).toBeGreaterThan(0);
      const command = lines[head + 1];
      expect(command).toBe(`sitedeck websites update --ids - --email enabled <<'IDS'`);
      const end = lines.indexOf('IDS', head);
      const rest = lines.slice(head + 2, end).join('\n');
      expect(rest.split(/\s+/).map(Number)).toEqual(ids.slice(4));

      const argv = command
        .replace(/^sitedeck /, '')
        .replace(/ <<'IDS'$/, '')
        .split(' ');
      const again = await runCommand(argv, { env: fx.env, input: rest });
      expect(again.code, again.stderr).toBe(EXIT.ok);
      const puts = new Map<string, number>();
      for (const h of fx.emulator.hits.filter((h) => h.method === 'PUT')) puts.set(h.path, (puts.get(h.path) ?? 0) + 1);
      expect([...puts.keys()].sort()).toEqual(ids.map((id) => `${WEB}/${id}`).sort());
      expect([...puts.values()].every((n) => n === 1)).toBe(true);
    } finally {
      await fx.cleanup();
    }
  }, 60_000);

  it('few ids go on the line, with the flags as typed, quoted for the shell; a secret typed on the line is never repeated', async () => {
    const fx = await emulatorFixture({ seed: 5, seedReports: 0 });
    try {
      const ids = fx.emulator.websites().map((w) => w.id as number);
      const r = await runCommand(
        ['websites', 'update', '--ids', ids.join(','), '--privacy', 'password', '--password', 'hunter2-secret', '--exclude-ips', '1.2.3.4, 10.0.0.0/8'],
        {
          env: fx.env,
          beforeWrite: (stream, _s, n) => {
            if (stream === 'stdout' && n === 1) throw epipe();
          },
        },
      );
      expect(r.code, r.stderr).toBe(EXIT.readerGone);
      expect(r.stderr).toContain(
        `\nTo resume: sitedeck websites update --ids ${ids.slice(2).join(',')} --privacy password --password-stdin --exclude-ips '1.2.3.4, 10.0.0.0/8'\n`,
      );
      expect(r.stderr).not.toContain('hunter2');
    } finally {
      await fx.cleanup();
    }
  });
});
