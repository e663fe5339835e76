// Nothing in src/ui sends a request itself (docs/ARCHITECTURE.md, "The deck's state"): the deck's
// reads and writes are the state's effects, and the set-up screen's check calls the api's
// probeHosts. The deck's entry builds the client it hands the state, and sends nothing with it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const UI = join(__dirname, '..', '..', 'src', 'ui');
/** The names that make or send a request, and the one ui file that may name each. */
const SENDERS: Record<string, readonly string[]> = {
  createClient: ['start/main.tsx'],
  readAll: [],
  ofetch: [],
  fetch: [],
  request: [],
};
const MODULES = /^(node:)?(http|https|net)$|^ofetch$|^undici$/;

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) ? [p] : [];
  });

/** Each name of SENDERS a file's code holds, and each module it loads that speaks to a host. */
function sendersIn(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && Object.hasOwn(SENDERS, node.text)) found.push(node.text);
    if (ts.isStringLiteral(node) && MODULES.test(node.text) && (ts.isImportDeclaration(node.parent) || ts.isCallExpression(node.parent))) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...new Set(found)];
}

describe('nothing in src/ui sends a request', () => {
  it('no ui file makes a client, reads pages or loads HTTP, but the entry that builds the deck’s client', () => {
    const found = files(UI).flatMap((p) => sendersIn(p).map((name) => `${relative(UI, p)}: ${name}`));
    const allowed = Object.entries(SENDERS).flatMap(([name, where]) => where.map((file) => `${file}: ${name}`));
    expect(found.sort()).toEqual(allowed.sort());
  });
});
