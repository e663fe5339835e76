#!/usr/bin/env node
// The bundle's entry. An installed sitedeck may meet a Node older than it needs: say so in one line
// before any module that needs the newer Node loads (static imports would load first), then hand
// over to the entry proper.
import { nodeTooOld } from './nodeRequired';
import { EXIT } from './commands/exitCodes';
import { keepCompiledCode } from './compileCache';

const tooOld = nodeTooOld(process.versions.node);
if (tooOld) {
  process.stderr.write(tooOld);
  process.exitCode = EXIT.usage;
} else {
  keepCompiledCode(process.env, process.argv.slice(2));
  await import('./cli');
}
