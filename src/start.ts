#!/usr/bin/env node
// The bundle's entry. An installed sitedeck may meet a Node older than it needs: say so in one line
// before any module that needs the newer Node loads (static imports would load first), then hand
// over to the entry proper: the deck's one script for a deck start, the ES chunks for the rest.
import { exists } from './files/look';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeTooOld } from './nodeRequired';
import { EXIT } from './commands/exitCodes';
import { keepCompiledCode } from './compileCache';
import { opensDeckOnly } from './deckStart';

/** The deck's one script beside the entry (scripts/one-file.mjs); the sources have none. */
function deckScript(): string | undefined {
  const file = fileURLToPath(new URL('./deck.cjs', import.meta.url));
  return exists(file) ? file : undefined;
}

/** The Node `npm install` links into a checkout of sitedeck (beside dist/), said as a path from here. */
function pinnedNode(): string | undefined {
  // Joined, not a URL literal: a bundler or a dependency checker would take one for an import.
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.bin', 'node');
  return exists(file) ? relative(process.cwd(), file) || file : undefined;
}

const tooOld = nodeTooOld(process.versions.node, pinnedNode());
if (tooOld) {
  process.stderr.write(tooOld);
  process.exitCode = EXIT.usage;
} else {
  const args = process.argv.slice(2);
  // Before either loads: the compile cache keeps the one script's code as it keeps the chunks'.
  keepCompiledCode(process.env, args);
  const deck = opensDeckOnly(args) ? deckScript() : undefined;
  if (deck) createRequire(import.meta.url)(deck);
  else await import('./cli');
}
