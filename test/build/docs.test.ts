// The references generated from the code (scripts/docs) are what is committed: a new option, key or
// setting cannot land undocumented. `npm run docs` rewrites them.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedDocs } from '../../scripts/docs/generate';
import { SETTING_NAMES, SETTINGS, type SettingDef } from '../../src/config/settings';
import { KEYMAP } from '../../src/ui/keys/keymap';
import { helpSections } from '../../src/ui/keys/keyHelp';
import { keyWords } from '../../src/ui/keys/keyWords';
import { configDirFrom } from '../../src/config/paths';
import { cacheDirFrom } from '../../src/cache/dir';
import { stateDirFrom } from '../../src/files/statePaths';
import { COMMANDS, parsePrompt, PROMPT_HELP } from '../../src/ui/keys/promptCommands';

const ROOT = join(import.meta.dirname, '..', '..');
const docs = generatedDocs();
const groff = spawnSync('groff', ['--version']).status === 0;

describe('generated references', () => {
  for (const [path, text] of Object.entries(docs)) {
    it(`${path} is what the code says now`, () => {
      expect(readFileSync(join(ROOT, path), 'utf8'), `${path} is out of date: run npm run docs`).toBe(text);
    });
  }

  it('docs/keys.md lists every : command the parser accepts, each name and other name, from the registry', () => {
    const committed = readFileSync(join(ROOT, 'docs/keys.md'), 'utf8');
    const accepted = COMMANDS.flatMap((c) => [c.name, ...(c.aliases ?? [])]);
    for (const word of accepted) {
      expect(parsePrompt(`:${word}`, 'reports'), word).not.toMatchObject({ kind: 'error', message: expect.stringMatching(/^Unknown command/) });
      expect(committed, `:${word} is accepted but not in docs/keys.md`).toMatch(new RegExp(`\`:${word.replace(/[!?]/g, '\\$&')}[\` ]`));
    }
    // The two the old hand-written list left out.
    expect(accepted).toEqual(expect.arrayContaining(['clear', 'help']));
    // A word not in the registry is refused, naming every command.
    expect(parsePrompt(':frobnicate', 'websites')).toEqual({ kind: 'error', message: `Unknown command "frobnicate". Try ${PROMPT_HELP}` });
  });

  it('name every setting, key and command', () => {
    for (const name of SETTING_NAMES) {
      const def: SettingDef = SETTINGS[name];
      expect(docs['docs/configuration.md']).toContain(`| \`${name}\` |`);
      if (def.env) expect(docs['docs/configuration.md']).toContain(def.env);
    }
    for (const b of KEYMAP) expect(docs['docs/keys.md']).toContain(keyWords(b.description).replace(/\|/g, '\\|'));
    for (const cmd of ['websites list', 'reports rerun', 'config unset', 'serve', 'completion']) {
      expect(docs['docs/commands.md']).toContain(`### sitedeck ${cmd}`);
      expect(docs['docs/sitedeck.1']).toContain(`.B sitedeck ${cmd}`);
    }
  });

  it('the keys reference names every key the deck sketch promises', () => {
    for (const k of [
      '`↓ j`',
      '`] PgDn`',
      '`/`',
      '`s`',
      '`S`',
      '`+ =`',
      '`f`',
      '`p`',
      '`n`',
      '`e`',
      '`d`',
      '`R`',
      '`r`',
      '`y`',
      '`:`',
      '`?`',
      '`q`',
      '`C-s`',
      '`C-e`',
    ]) {
      expect(docs['docs/keys.md']).toContain(`| ${k} |`);
    }
  });

  it('the README stays short and links every reference that exists', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
    for (const link of readme.matchAll(/\]\((docs\/[^)#]+)/g)) expect(existsSync(join(ROOT, link[1])), link[1]).toBe(true);
    for (const path of Object.keys(docs)) if (path.endsWith('.md')) expect(readme).toContain(`(${path})`);
  });

  it('the man page is installed with the package', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.man).toEqual(['./docs/sitedeck.1']);
    expect(pkg.files).toContain('docs/sitedeck.1');
  });

  it('the man page lists the deck’s keys, every folder sitedeck writes, and sees also only what is installed', () => {
    const man = docs['docs/sitedeck.1'];
    const keys = man.slice(man.indexOf('.SH KEYS'), man.indexOf('.SH FILES'));
    expect(keys.length).toBeGreaterThan(0);
    for (const section of helpSections(null)) expect(keys).toContain(`.SS ${section.title}`);
    for (const b of KEYMAP) expect(keys, b.id).toContain(`.B ${b.label.replace(/-/g, '\\-')}\n`);
    const files = man.slice(man.indexOf('.SH FILES'), man.indexOf('.SH EXIT STATUS'));
    for (const dir of [configDirFrom({}, '~'), cacheDirFrom({}, '~'), stateDirFrom({}, '~')]) expect(files).toContain(dir);
    expect(files).toContain('compiled/');
    // npm pack ships package.json "files", the README and the licence: SEE ALSO names nothing else.
    const seeAlso = man.slice(man.indexOf('.SH SEE ALSO'));
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    for (const path of seeAlso.match(/\b[\w.-]+\/[\w./-]+\.(md|1)\b/g) ?? []) expect(pkg.files, path).toContain(path);
    expect(seeAlso).not.toMatch(/docs\/(commands|keys|configuration)\.md/);
  });

  it.runIf(groff)('the man page renders without a warning (groff)', () => {
    const run = spawnSync('groff', ['-k', '-man', '-Tutf8', '-ww', '-P-cbou'], { input: docs['docs/sitedeck.1'] });
    expect(run.stderr.toString()).toBe('');
    const out = run.stdout.toString();
    expect(out).toMatch(/SITEDECK\(1\)/);
    expect(out).toContain('EXIT STATUS');
  });
});
if (!groff) console.log('docs.test: groff is not installed here; the man page is compared but not rendered (.ci/run installs groff-base)');
