import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator';
import { waitFor } from '../helpers/wait';
import { call, REP, WEB } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'sitedeck-emu-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);

describe('data file', () => {
  it('saves shortly after each mutation and reloads everything, ids continuing', async () => {
    const file = join(dir, 'reload.json');
    const a = await startEmulator({ dataFile: file, rateLimit: 0, seed: 4 });
    expect(JSON.parse(readFileSync(file, 'utf8')).websites).toHaveLength(4);
    const w = (await call(a, 'POST', WEB, { form: { domain: 'kept.example.com', exclude_params: 'ref\nutm', password: 's3cret', privacy: 2 } })).body.data;
    // Saved without closing (debounced), not only on close.
    await waitFor(() => readFileSync(file, 'utf8').includes('kept.example.com'), 'the save');
    const r = (await call(a, 'POST', REP, { form: { url: 'https://kept.example.com/about' } })).body.data;
    const rerun = (await call(a, 'PUT', `${REP}/${r.id}`, { form: { results: 1 } })).body.data;
    await call(a, 'DELETE', `${WEB}/1`);
    const before = { websites: a.websites(), reports: a.reports() };
    await a.close();

    const b = await startEmulator({ dataFile: file, rateLimit: 0, seed: 50 });
    try {
      // The file wins over the seed; nothing is lost or added.
      expect(b.websites()).toEqual(before.websites);
      expect(b.reports()).toEqual(before.reports);
      const raw = b.websites().find((x) => x.id === w.id)!;
      expect(raw.exclude_params).toBe('ref\nutm');
      // The writes answered the strings sent and the score as computed; reads give what was stored.
      expect((await call(b, 'GET', `${WEB}/${w.id}`)).body.data).toEqual({ ...w, privacy: 2 });
      expect((await call(b, 'GET', `${REP}/${r.id}`)).body.data).toEqual({ ...rerun, result: Math.round(rerun.result) });
      expect((await call(b, 'GET', `${WEB}/1`)).status).toBe(404);
      const next = (await call(b, 'POST', WEB, { form: { domain: 'after.example.com' } })).body.data;
      expect(next.id).toBeGreaterThan(w.id);
      expect((await call(b, 'POST', WEB, { form: { domain: 'kept.example.com' } })).status).toBe(422);
    } finally {
      await b.close();
    }
  });

  it('refuses to start on a file that is not a data file, and leaves it alone', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{"hello": ');
    await expect(startEmulator({ dataFile: file })).rejects.toThrow();
    expect(readFileSync(file, 'utf8')).toBe('{"hello": ');
  });

  it('creates missing directories, and refuses to start where it cannot write', async () => {
    const nested = join(dir, 'new', 'sub', 'data.json');
    const a = await startEmulator({ dataFile: nested, seed: 2 });
    await a.close();
    expect(JSON.parse(readFileSync(nested, 'utf8')).websites).toHaveLength(2);
    const blocker = join(dir, 'plain-file');
    writeFileSync(blocker, 'x');
    await expect(startEmulator({ dataFile: join(blocker, 'data.json') })).rejects.toThrow();
  });

  it('survives SIGKILL at moments across its writing: the file always parses and reloads', async () => {
    const file = join(dir, 'killed.json');
    let lastCount = 0;
    for (let round = 0; round < 3; round++) {
      const child = spawn(process.execPath, ['--import', 'tsx', fixture('writer.ts'), file, round === 0 ? '3000' : '0'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        await firstLine(child);
        // Let it write for a while (a different span each round, the same in every run), then kill
        // it without warning.
        const ms = [80, 280, 480][round];
        await new Promise((r) => setTimeout(r, ms));
        await waitFor(() => readFileSync(file, 'utf8').length > 0, 'a first save');
      } finally {
        child.kill('SIGKILL');
        await exited(child);
      }
      const snap = JSON.parse(readFileSync(file, 'utf8'));
      expect(snap.version).toBe(1);
      // Earlier rounds' websites are never deleted by later writers.
      expect(snap.websites.length).toBeGreaterThanOrEqual(Math.max(3000, lastCount));
      const emu = await startEmulator({ dataFile: file, rateLimit: 0 });
      try {
        expect(emu.websites()).toHaveLength(snap.websites.length);
        expect(emu.reports()).toHaveLength(snap.reports.length);
        lastCount = snap.websites.length;
        const list = await call(emu, 'GET', WEB, { query: { per_page: 100 } });
        expect(list.body.meta.total).toBe(snap.websites.length);
      } finally {
        await emu.close();
      }
      // No temporary files pile up next to it (a fresh start removes leftovers).
      expect(readdirSync(dir).filter((n) => n.startsWith('.killed.json.'))).toEqual([]);
    }
  }, 60_000);
});

describe('runServe', () => {
  it('prints one JSON line, answers, and on SIGTERM flushes the data file and exits 0', async () => {
    const file = join(dir, 'served.json');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fixture('serve.ts'), JSON.stringify({ port: 0, seoPort: 0, key: 'k-123', seed: 5, data: file })],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      const line = await firstLine(child);
      const info = JSON.parse(line);
      expect(Object.keys(info)).toEqual(['base_url', 'seo_base_url', 'api_key']);
      expect(info.api_key).toBe('k-123');
      expect(info.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const headers = { Authorization: 'Bearer k-123', Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' };
      const list = await fetch(`${info.seo_base_url}${REP}`, { headers }).then((r) => r.json());
      expect(list.meta.total).toBe(5);
      const made = await fetch(`${info.base_url}${WEB}`, { method: 'POST', headers, body: 'domain=last-moment.example.com' });
      expect(made.status).toBe(201);
      child.kill('SIGTERM');
      expect(await exited(child)).toBe(0);
      expect(readFileSync(file, 'utf8')).toContain('last-moment.example.com');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error('no line from the child')), 20_000);
    rl.once('line', (line) => {
      clearTimeout(timer);
      rl.close();
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before printing`)));
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}
