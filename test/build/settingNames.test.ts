// A setting's environment variable is written in its row of SETTINGS and read from there: no
// SITEDECK_ name in src/ outside the settings table, but where the table cannot be read and names
// that are not settings, each listed here with why. Comments may name them; code may not.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CACHE_ENV } from '../../src/config/cacheSwitch';
import { CONFIG_DIR_ENV, PROFILE_ENV } from '../../src/config/environment';
import { SETTING_NAMES, SETTINGS, type SettingDef } from '../../src/config/settings';
import { SETTING_ENV } from '../../src/domain/settingEnv';

const SRC = join(__dirname, '..', '..', 'src');
const NAME = /SITEDECK_[A-Z_]+/g;

/** Where a SITEDECK_ name may be written in code, and why there. */
const WRITTEN_IN: Record<string, { names: readonly string[]; why: string }> = {
  'config/settings.ts': {
    names: SETTING_NAMES.map((n) => (SETTINGS[n] as SettingDef).env!).filter((e) => !Object.values(SETTING_ENV).includes(e as never) && e !== CACHE_ENV),
    why: 'the settings table',
  },
  'domain/settingEnv.ts': {
    names: Object.values(SETTING_ENV),
    why: "rows' names said where the table cannot be read (the client; the exit codes, at start); the rows read them",
  },
  'config/cacheSwitch.ts': { names: [CACHE_ENV], why: "the cache row's name, read at start before the table loads; the row reads it" },
  'config/environment.ts': { names: [CONFIG_DIR_ENV, PROFILE_ENV], why: 'not settings: which config file and which of its profiles' },
  'files/testPause.ts': {
    names: ['SITEDECK_TEST_PAUSE_AT'],
    why: 'a test hook, not a setting (only a real process can be stopped mid-step); src/files is below config',
  },
  'api/nodeFetch.ts': { names: ['SITEDECK_BODY_TOO_LARGE', 'SITEDECK_BODY_COMPRESSED'], why: "an error's code, not an environment variable" },
  'api/fromThrown.ts': { names: ['SITEDECK_BODY_TOO_LARGE'], why: "the same error's code, read back" },
};

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) ? [p] : [];
  });

/** The SITEDECK_ names a file's code holds: in its strings, templates, regular expressions, names and JSX text, not its comments. */
function namesInCode(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    // A doc comment is a node of its own here: words, not code.
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    if (node.getChildCount(source) === 0) for (const m of node.getText(source).matchAll(NAME)) found.push(m[0]);
    else node.getChildren(source).forEach(visit);
  };
  visit(source);
  return found;
}

const inCode = new Map(files(SRC).map((p) => [relative(SRC, p), [...new Set(namesInCode(p))].sort()]));

describe('setting names come from their rows', () => {
  it('no SITEDECK_ name is written in src/ but where WRITTEN_IN says, and each there is used', () => {
    const written = Object.fromEntries([...inCode].filter(([, names]) => names.length > 0));
    const expected = Object.fromEntries(Object.entries(WRITTEN_IN).map(([file, w]) => [file, [...new Set(w.names)].sort()]));
    expect(written).toEqual(expected);
  });

  it('every row names its variable, and only the table and its light copies spell one', () => {
    for (const name of SETTING_NAMES) expect((SETTINGS[name] as SettingDef).env).toBe(`SITEDECK_${name.toUpperCase()}`);
    for (const [name, env] of Object.entries(SETTING_ENV)) expect((SETTINGS[name as keyof typeof SETTINGS] as SettingDef).env).toBe(env);
    expect(SETTINGS.cache.env).toBe(CACHE_ENV);
  });

  it('the names that are not settings are no row of the table', () => {
    const envs = SETTING_NAMES.map((n) => (SETTINGS[n] as SettingDef).env);
    for (const w of [WRITTEN_IN['config/environment.ts'], WRITTEN_IN['files/testPause.ts'], WRITTEN_IN['api/nodeFetch.ts']]) {
      for (const n of w.names) expect(envs).not.toContain(n);
    }
  });

  it('the scan reads code and skips comments', () => {
    const probe = join(tmpdir(), `settingNames-probe-${process.pid}.ts`);
    writeFileSync(
      probe,
      '// SITEDECK_IN_COMMENT\nconst a = env.SITEDECK_A;\nconst b = `x ${a} SITEDECK_B`;\nconst c = /SITEDECK_C/;\n/** SITEDECK_IN_DOC */\nconst d = 1;\n',
    );
    try {
      expect(namesInCode(probe)).toEqual(['SITEDECK_A', 'SITEDECK_B', 'SITEDECK_C']);
    } finally {
      rmSync(probe);
    }
  });
});
