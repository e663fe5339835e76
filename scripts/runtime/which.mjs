// Says, in one line, which Node runs the npm scripts: the Node 24 that package-lock.json pins
// (scripts/runtime: the registry's node-<platform>-<arch> binary, linked as node_modules/.bin/node,
// which npm puts first on PATH), or the machine's own where the registry has no binary for this
// platform. Stops the script when that Node is too old. Plain JavaScript that Node 20 runs too.
import { readFileSync, realpathSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pinned = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const platformPackage = `node-${process.platform}-${process.arch}`;
const offered = Object.keys(pinned.optionalDependencies);
const running = realpathSync(process.execPath);
const fromPin = running.includes(`${sep}node_modules${sep}${platformPackage}${sep}`);

const [major, minor] = process.versions.node.split('.').map(Number);
const newEnough = major > 22 || (major === 22 && minor >= 12);

if (fromPin) {
  console.error(`sitedeck: Node ${process.version} (pinned by package-lock.json: ${platformPackage})`);
} else if (!offered.includes(platformPackage)) {
  const line =
    `sitedeck: Node ${process.version} (the machine's, ${running}): ` +
    `the pinned Node ${pinned.version} has no binary for ${process.platform}-${process.arch}`;
  if (!newEnough) {
    console.error(`${line}, and this Node is older than 22.13: install Node 24 LTS`);
    process.exit(1);
  }
  console.error(line);
} else {
  console.error(`sitedeck: Node ${process.version} (the machine's, ${running}), not the pinned Node ${pinned.version}: run npm install to fetch it`);
  if (!newEnough) process.exit(1);
}
