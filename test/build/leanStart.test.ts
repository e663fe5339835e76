// What dist/cli.js loads before any `await import()`, read from the built files (no process started):
// the entry stays lean, the resource commands load the client and never Ink.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt } from '../commands/helpers';

beforeAll(() => ensureBuilt());

describe('lean start', () => {
  // The modules cli.js loads before any `await import()`: neither the deck (Ink, React), nor the
  // emulator, nor the HTTP client may be among them.
  function staticClosure(entry: string): string[] {
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file) || !existsSync(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^"'();]*?from\s*)?["'](\.[^"']+)["']/g)) walk(resolve(dirname(file), m[1]));
    };
    walk(entry);
    return [...seen];
  }

  // Strings that survive minifying: Ink's raw-mode error, React's element tag, ofetch's error
  // class, the emulator's control paths.
  const INK = /Raw mode is not supported|react\.transitional\.element/;
  const CLIENT = /FetchError/;
  const EMULATOR = /__emulator/;
  const closureText = (entry: string) => staticClosure(entry).map((f) => readFileSync(f, 'utf8'));

  it('the entry statically loads no Ink, React, emulator or HTTP client', () => {
    const texts = closureText(join(ROOT, 'dist', 'cli.js'));
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) {
      expect(INK.test(t)).toBe(false);
      expect(CLIENT.test(t)).toBe(false);
      expect(EMULATOR.test(t)).toBe(false);
    }
  });

  it('the resource commands load the client but never Ink or the emulator', () => {
    // cli.js hands over to the entry proper once the Node version is checked; that loads the
    // command definitions on demand, and they load each implementation.
    const start = readFileSync(join(ROOT, 'dist', 'cli.js'), 'utf8');
    const entry = /import\("\.\/(chunks\/cli-[^"]+)"\)/.exec(start)?.[1];
    expect(entry).toBeDefined();
    const cli = readFileSync(join(ROOT, 'dist', entry!), 'utf8');
    const program = /import\("\.\/(program-[^"]+)"\)/.exec(cli)?.[1];
    expect(program).toBeDefined();
    const definitions = readFileSync(join(ROOT, 'dist', 'chunks', program!), 'utf8');
    const chunk = /import\("\.\/(resource-[^"]+)"\)/.exec(definitions)?.[1];
    expect(chunk).toBeDefined();
    const texts = closureText(join(ROOT, 'dist', 'chunks', chunk!));
    expect(texts.some((t) => CLIENT.test(t))).toBe(true);
    for (const t of texts) {
      expect(INK.test(t)).toBe(false);
      expect(EMULATOR.test(t)).toBe(false);
    }
  });
});
