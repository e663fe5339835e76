// The oldest Node the bundle runs on (Ink 8 and the rest need 22.12). package.json's `engines`
// says the same; test/unit/nodeRequired.test.ts keeps the two in step.
export const NODE_REQUIRED = { major: 22, minor: 12 } as const;

/** The one line for a Node older than NODE_REQUIRED, or null when `version` (e.g. "20.20.2") is new enough. */
export function nodeTooOld(version: string): string | null {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major > NODE_REQUIRED.major || (major === NODE_REQUIRED.major && minor >= NODE_REQUIRED.minor)) return null;
  const needed = `${NODE_REQUIRED.major}.${NODE_REQUIRED.minor}`;
  return (
    `sitedeck: needs Node ${needed} or later (this is Node ${version}): ` +
    `install Node 24 LTS, or run the single file dist/sitedeck, which carries its own Node\n`
  );
}
