// A component of the deck reads what it uses of the state through a selector (useDeck,
// src/ui/hooks/useDeck.ts) or takes it as a narrow prop, never the whole state: every file under
// src/ui/components and src/ui/screens is read, and a prop typed DeckState (or a part of it: a
// Pick, a union), a component taking the state as its argument, a selector that returns the whole
// state or a second way to read the store fails here, named by file and line. Pure helpers that
// derive words from the state (helpLines, headerFit) may take it: they are not components.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', '..', 'src');
const UNDER = ['ui/components', 'ui/screens'];

/**
 * What is left taking the whole state, each with why (none today). A new entry needs a reason a
 * selector cannot serve; the test fails on an entry that no longer matches anything.
 */
const ALLOWED: Readonly<Record<string, string>> = {};

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) ? [p] : [];
  });

const isComponentName = (name: string | undefined) => name !== undefined && /^[A-Z]/.test(name);

/** `file:line: what`, for each prop or component argument typed by the whole state in `text`. */
function stateProps(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  // The names DeckState goes by here (an import may rename it).
  const names = new Set(['DeckState']);
  source.forEachChild((node) => {
    if (!ts.isImportDeclaration(node)) return;
    const bound = node.importClause?.namedBindings;
    if (bound && ts.isNamedImports(bound)) for (const el of bound.elements) if ((el.propertyName ?? el.name).text === 'DeckState') names.add(el.name.text);
  });
  // A reference to the state in a type, but not as a callback's argument (`name: (state: DeckState) => string` is a function, not the state).
  const holdsState = (type: ts.Node | undefined): boolean => {
    if (!type || ts.isFunctionTypeNode(type) || ts.isConstructorTypeNode(type)) return false;
    if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && names.has(type.typeName.text)) return true;
    return type.getChildren(source).some(holdsState);
  };
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${what}`);
  const visit = (node: ts.Node): void => {
    // A prop (a member of an interface or a type literal: what a component's props are written in).
    if (ts.isPropertySignature(node) && holdsState(node.type)) at(node, `prop ${node.name.getText(source)}: ${node.type!.getText(source)}`);
    // A component (a capitalised function) given the state as its argument.
    const fn =
      ts.isFunctionDeclaration(node) && isComponentName(node.name?.text)
        ? node
        : ts.isVariableDeclaration(node) &&
            ts.isIdentifier(node.name) &&
            isComponentName(node.name.text) &&
            node.initializer &&
            ts.isArrowFunction(node.initializer)
          ? node.initializer
          : null;
    // Props written in place are told above, each by its name.
    if (fn) for (const p of fn.parameters) if (p.type && !ts.isTypeLiteralNode(p.type) && holdsState(p.type)) at(p, `component argument ${p.getText(source)}`);
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

/** Reads of the state that go around a selector: the whole state selected, or the store read directly. */
const AROUND = [
  { what: 'a selector that returns the whole state', re: /useDeck\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*\1\s*[,)]/ },
  { what: 'the store read directly', re: /useSyncExternalStore|\.getState\(\)|useContext\(DeckStoreContext\)/ },
];

const sources = UNDER.flatMap((d) => files(join(SRC, d))).map((p) => ({ file: relative(SRC, p), text: readFileSync(p, 'utf8') }));

describe('components read what they use of the state', () => {
  it('reads a file of every component folder', () => {
    for (const d of UNDER)
      expect(
        sources.some((s) => s.file.startsWith(d)),
        d,
      ).toBe(true);
  });

  it('finds a prop typed by the state however it is written (the finder is not blind)', () => {
    const probe = [
      "import type { DeckState as S } from '../../state/types';",
      'interface P { state: S; }',
      'export function A({ state }: { state: Readonly<S> | null }) { return null; }',
      "export const B = ({ view }: { view: Pick<S, 'tab'> }) => null;",
      'export const C = (state: S) => null;',
      'export const entry: { name: (state: S) => string } = { name: () => "" };',
      'export function helper(state: S): string { return ""; }',
    ].join('\n');
    expect(stateProps('probe.tsx', probe).map((l) => l.replace(/^probe\.tsx:\d+: /, ''))).toEqual([
      'prop state: S',
      'prop state: Readonly<S> | null',
      "prop view: Pick<S, 'tab'>",
      'component argument state: S',
    ]);
  });

  it('no component under src/ui/components or src/ui/screens takes the whole state as a prop', () => {
    const found = sources.flatMap((s) => stateProps(s.file, s.text)).filter((l) => !(l.slice(0, l.indexOf(':')) in ALLOWED));
    expect(found, 'read what the component uses with useDeck(selector) (src/ui/hooks/useDeck.ts) or pass a narrow prop').toEqual([]);
  });

  it('nor reads the state around a selector', () => {
    const found = sources.flatMap(({ file, text }) =>
      text.split('\n').flatMap((line, i) => AROUND.filter((a) => a.re.test(line)).map((a) => `${file}:${i + 1}: ${a.what}: ${line.trim()}`)),
    );
    expect(found).toEqual([]);
  });

  it('each file the allow-list names is there and still needs its entry', () => {
    for (const file of Object.keys(ALLOWED)) {
      const source = sources.find((s) => s.file === file);
      expect(source, `${file} is gone: take it off ALLOWED`).toBeDefined();
      expect(stateProps(file, source!.text), `${file} takes no whole state any more: take it off ALLOWED`).not.toEqual([]);
    }
  });
});
