// api_key_command: the line split without a shell, and real small programs run as the command
// (success, exit 3 with stderr, a hang, not found), and the precedence of the key's sources.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFromCommand, resolveConfig, runKeyCommand, splitCommandLine, withCommandKey } from '../../src/config';
import { makeKeyScripts, type KeyScripts } from '../helpers/keyScripts';
import { waitFor } from '../helpers/wait';

/** Whether process `pid` has ended (gone, or a zombie no one has reaped yet: it runs no more). */
function gone(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .startsWith('Z');
  } catch {
    return true;
  }
}

describe('splitCommandLine', () => {
  it.each([
    ['pass show sitedeck', ['pass', 'show', 'sitedeck']],
    ['  op   read op://vault/item/credential ', ['op', 'read', 'op://vault/item/credential']],
    ["secret-tool lookup service 'site deck'", ['secret-tool', 'lookup', 'service', 'site deck']],
    ['security find-generic-password -s "my \\"deck\\"" -w', ['security', 'find-generic-password', '-s', 'my "deck"', '-w']],
    ["sh -c 'pass show sitedeck | head -1'", ['sh', '-c', 'pass show sitedeck | head -1']],
    ['a\\ b c', ['a b', 'c']],
    ["x '' y", ['x', '', 'y']],
    ["'$HOME'", ['$HOME']],
  ])('%s', (line, words) => {
    expect(splitCommandLine(line)).toEqual({ ok: true, words });
  });
  it('refuses what needs a shell, and says the way out', () => {
    for (const line of ['pass show x | head -1', 'cat $HOME/key', 'a; b', 'a > f', 'echo `id`']) {
      const r = splitCommandLine(line);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error).toContain("sh -c '…'");
    }
  });
  it('refuses an open quote and an empty line', () => {
    expect(splitCommandLine("pass 'show")).toEqual({ ok: false, error: "a ' is not closed" });
    expect(splitCommandLine('pass "show')).toEqual({ ok: false, error: 'a " is not closed' });
    expect(splitCommandLine('   ')).toEqual({ ok: false, error: 'the command is empty' });
  });
});

describe('runKeyCommand with real programs', () => {
  let s: KeyScripts;
  beforeAll(() => {
    s = makeKeyScripts();
  });
  afterAll(() => s.cleanup());
  const quiet = { interactive: false, env: process.env };

  it('takes the first line of output, trimmed', async () => {
    await expect(runKeyCommand(s.printing('sd_key_from_cmd_1234'), quiet)).resolves.toBe('sd_key_from_cmd_1234');
  });
  it('passes quoted words as they are, with no expansion', async () => {
    await expect(runKeyCommand(`${s.echoFirst} 'a b $HOME *'`, quiet)).resolves.toBe('a b $HOME *');
  });
  it('exit 3: "the key command failed (exit 3)"; its stderr is counted, never shown (it may hold a secret)', async () => {
    await expect(runKeyCommand(s.failing, quiet)).rejects.toMatchObject({
      kind: 'keyCommand',
      message: 'the key command failed (exit 3); it wrote 2 lines to stderr; run it yourself to see them',
    });
  });
  it('a hang ends at the timeout, in words, and the command is stopped', async () => {
    const pidFile = join(s.dir, 'hang.pid');
    const line = `sh -c 'echo $$ > ${pidFile}; exec sleep 45'`;
    await expect(runKeyCommand(line, { ...quiet, timeoutMs: 300 })).rejects.toThrow(
      `the key command printed no key within 0.3 s; it wrote nothing to stderr (api_key_command: ${line})`,
    );
    await waitFor(() => gone(Number(readFileSync(pidFile, 'utf8'))), 'the hanging command to be stopped');
  });
  it('the key at once from a command that leaves a child holding stdout; the child is stopped, nothing left behind', async () => {
    const pidFile = join(s.dir, 'child.pid');
    // The child's pid is on disk before the key is printed: the group is stopped as soon as the key is read.
    // Within the test's time limit, not after the child's 45 s (before the fix: 45 s, then the key thrown away).
    await expect(runKeyCommand(`sh -c 'sleep 45 & echo $! > ${pidFile}; echo sd_key_left_child'`, quiet)).resolves.toBe('sd_key_left_child');
    const child = await waitFor(() => existsSync(pidFile) && Number(readFileSync(pidFile, 'utf8')), 'the child pid');
    await waitFor(() => gone(child), 'the child left holding stdout to be stopped');
  });
  it('the timeout is on the first line: a key printed before a long wait is taken; a child that hangs silent is stopped with its command', async () => {
    await expect(runKeyCommand(`sh -c 'echo sd_key_then_wait; exec sleep 45'`, { ...quiet, timeoutMs: 2000 })).resolves.toBe('sd_key_then_wait');
    const pidFile = join(s.dir, 'silent-child.pid');
    await expect(runKeyCommand(`sh -c 'sleep 45 & echo $! > ${pidFile}; exec sleep 46'`, { ...quiet, timeoutMs: 300 })).rejects.toThrow(
      'printed no key within 0.3 s',
    );
    await waitFor(() => gone(Number(readFileSync(pidFile, 'utf8'))), 'the silent child to be stopped with its group');
  });
  it('a program that is not there, and one that prints nothing', async () => {
    await expect(runKeyCommand('sitedeck-no-such-program --x', quiet)).rejects.toThrow(
      'the key command was not found: no program "sitedeck-no-such-program" on PATH',
    );
    await expect(runKeyCommand(s.silent, quiet)).rejects.toThrow('the key command printed no key');
  });
  it('a line that needs a shell is refused before anything runs', async () => {
    await expect(runKeyCommand('pass show x | head -1', quiet)).rejects.toThrow('api_key_command cannot be run: "|" needs a shell');
  });
  it('withCommandKey runs a command once per process, however often the key is asked for', async () => {
    const line = s.printing('sd_once_5678');
    const before = s.runs();
    const config = resolveConfig({ flags: {}, env: { SITEDECK_API_KEY_COMMAND: line }, configDir: s.dir });
    const [a, b] = await Promise.all([withCommandKey(config, quiet), withCommandKey(config, quiet)]);
    const c = await withCommandKey(config, quiet);
    expect([a.apiKey, b.apiKey, c.apiKey]).toEqual(['sd_once_5678', 'sd_once_5678', 'sd_once_5678']);
    expect(s.runs() - before).toBe(1);
  });
});

describe('where the key comes from: flags > environment > config', () => {
  const resolve = (env: Record<string, string>, profile: Record<string, string> = {}, flags: Record<string, string> = {}) =>
    resolveConfig({ flags, env, file: { current: 'p', profiles: { p: profile } }, configDir: '/nowhere' });

  it('a profile command wins over the profile key', () => {
    const c = resolve({}, { api_key: 'sd_file_key_1', api_key_command: 'pass show sitedeck' });
    expect(c).toMatchObject({ keyByCommand: true, apiKey: undefined, apiKeyCommand: 'pass show sitedeck' });
  });
  it('SITEDECK_API_KEY wins over a command in the environment or the profile', () => {
    expect(resolve({ SITEDECK_API_KEY: 'sd_env_key_1', SITEDECK_API_KEY_COMMAND: 'pass show x' })).toMatchObject({
      keyByCommand: false,
      apiKey: 'sd_env_key_1',
    });
    expect(resolve({ SITEDECK_API_KEY: 'sd_env_key_1' }, { api_key_command: 'pass show x' })).toMatchObject({ keyByCommand: false, apiKey: 'sd_env_key_1' });
  });
  it('--api-key wins over everything', () => {
    expect(resolve({ SITEDECK_API_KEY_COMMAND: 'pass show x' }, {}, { apiKey: 'sd_flag_key_1' })).toMatchObject({
      keyByCommand: false,
      apiKey: 'sd_flag_key_1',
    });
  });
  it('SITEDECK_API_KEY_COMMAND wins over the profile key', () => {
    expect(resolve({ SITEDECK_API_KEY_COMMAND: 'pass show x' }, { api_key: 'sd_file_key_1' })).toMatchObject({
      keyByCommand: true,
      apiKeyCommand: 'pass show x',
    });
  });
  it('keyFromCommand by source', () => {
    expect(keyFromCommand({ api_key: 'default', api_key_command: 'default' })).toBe(false);
    expect(keyFromCommand({ api_key: 'default', api_key_command: 'file' })).toBe(true);
    expect(keyFromCommand({ api_key: 'env', api_key_command: 'env' })).toBe(false);
    expect(keyFromCommand({ api_key: 'file', api_key_command: 'env' })).toBe(true);
  });
  it('a command line that needs a shell, in the environment, stops with the way out', () => {
    expect(() => resolve({ SITEDECK_API_KEY_COMMAND: 'pass show x | head' })).toThrow('SITEDECK_API_KEY_COMMAND cannot be run: "|" needs a shell');
  });
});
