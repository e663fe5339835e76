// The bundle's ESM imports of node:http, served from process.getBuiltinModule. On Node 24 an ESM
// import of node:http builds the module's ESM face, which reads every export, WebSocket and its
// kin among them: getters that load Node's whole fetch (undici) at every start (docs/PERFORMANCE.md,
// "The start"). A CommonJS require of the module, or getBuiltinModule, reads nothing.
import { createRequire } from 'node:module';

const http = createRequire(import.meta.url)('node:http');
/** The exports that are Node's fetch classes, behind getters. */
const FETCH_CLASSES = new Set(['WebSocket', 'CloseEvent', 'MessageEvent']);
/** Its other exports, as the Node that builds has them (their values read once, when the bundle loads it). */
const NAMES = Object.keys(http).filter((k) => !FETCH_CLASSES.has(k));

export const nodeHttpPlugin = {
  name: 'node-http-without-fetch',
  setup(build) {
    build.onResolve({ filter: /^(node:)?http$/ }, (args) =>
      args.kind === 'require-call' ? undefined : { path: 'node:http', namespace: 'sitedeck-node-http' },
    );
    build.onLoad({ filter: /.*/, namespace: 'sitedeck-node-http' }, () => ({
      contents: `const http = process.getBuiltinModule('node:http');\nexport default http;\nexport const { ${NAMES.join(', ')} } = http;\n`,
      loader: 'js',
    }));
  },
};
