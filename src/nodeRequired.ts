// The oldest Node the bundle runs on: Ink 8 and the rest need 22.12, and node:sqlite (the state
// database, src/files/db) is there without a flag from 22.13. package.json's `engines` says the
// same; test/unit/nodeRequired.test.ts keeps the two in step.
export const NODE_REQUIRED = { major: 22, minor: 13 } as const;

/**
 * The one line for a Node older than NODE_REQUIRED, or null when `version` (e.g. "20.20.2") is new
 * enough. `pinned` is the Node that `npm install` put beside a checkout of sitedeck, when there is one:
 * the line then says how to run on it.
 */
export function nodeTooOld(version: string, pinned?: string): string | null {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major > NODE_REQUIRED.major || (major === NODE_REQUIRED.major && minor >= NODE_REQUIRED.minor)) return null;
  const needed = `${NODE_REQUIRED.major}.${NODE_REQUIRED.minor}`;
  const way = pinned
    ? `run it on the Node 24 that npm install put here (${pinned} dist/cli.js, or any npm script: npm run demo)`
    : 'install Node 24 LTS, or run the single file build of sitedeck, which carries its own Node (docs/single-file.md)';
  return `sitedeck: needs Node ${needed} or later (this is Node ${version}): ${way}\n`;
}
