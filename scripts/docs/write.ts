// `npm run docs`: writes the generated references (scripts/docs/generate.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedDocs } from './generate';

const root = join(import.meta.dirname, '..', '..');
for (const [path, text] of Object.entries(generatedDocs())) {
  writeFileSync(join(root, path), text);
  process.stdout.write(`wrote ${path}\n`);
}
