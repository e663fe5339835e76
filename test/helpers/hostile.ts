// Hostile strings a server could send, and how to tell whether any of them reached the terminal raw.

export const HOSTILE = {
  clear: '\x1b[2J\x1b[H',
  title: '\x1b]0;pwned\x07',
  osc52: '\x1b]52;c;cm0gLXJmIH4=\x07',
  osc8: '\x1b]8;;https://attacker.test\x1b\\click\x1b]8;;\x1b\\',
  /** 8-bit CSI and OSC (terminated by ST), NEL, and a DCS string. */
  c1: '\x9b31m\x9d0;t\x9c\x85\x90q\x9c',
  /** Right-to-left override, isolates, embedding. */
  bidi: '\u202e\u2066\u2067\u2068\u2069\u202a',
  all: '',
};
HOSTILE.all = `${HOSTILE.clear}visible${HOSTILE.title}-${HOSTILE.osc52}message${HOSTILE.osc8}${HOSTILE.c1}${HOSTILE.bidi}`;

/** The sanitised text of HOSTILE.all keeps this visible. */
export const VISIBLE_MESSAGE = 'visible-message';

/**
 * Anything that must never reach a terminal from server data: C0 controls but tab and newline, DEL,
 * C1 controls, bidi embeddings, overrides and isolates.
 */
export const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

/** The hostile sequences themselves (for output that legitimately holds the program's own escapes). */
const HOSTILE_SEQUENCES: readonly string[] = [
  '\x1b[2J',
  '\x1b]0;',
  '\x1b]52;',
  '\x1b]8;;https://attacker',
  '\x9b',
  '\x9d',
  '\x90',
  '\x85',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u202a',
];

/** The first hostile sequence found in `s`, or undefined. */
export function findHostile(s: string): string | undefined {
  return HOSTILE_SEQUENCES.find((seq) => s.includes(seq));
}

/** SGR colour codes only (what Ink's frames hold); everything else is left for the checks. */
export function stripSgr(s: string): string {
  return s.replace(/\x1b\[[0-9;]*m/g, '');
}

/** Record fields full of hostile strings; the visible parts read "visible.example", "visible-project", "extra-note"/"extra-value". */
export function hostileRecordFields(resource: 'websites' | 'reports'): Record<string, unknown> {
  if (resource === 'websites') {
    return {
      domain: `${HOSTILE.clear}visible${HOSTILE.title}.example${HOSTILE.bidi}`,
      exclude_ips: `1.1.1.1\n${HOSTILE.osc52}2.2.2.2${HOSTILE.osc8}`,
      [`extra-note${HOSTILE.title}`]: `extra-value${HOSTILE.osc52}${HOSTILE.c1}`,
    };
  }
  return {
    url: `https://visible.example/${HOSTILE.osc52}p${HOSTILE.bidi}`,
    project: `visible-project${HOSTILE.c1}${HOSTILE.osc8}`,
    [`extra-note${HOSTILE.clear}`]: `extra-value${HOSTILE.title}`,
  };
}

/** One request a hostile server received. */
export interface SeenRequest {
  method: string;
  path: string;
  body: string;
}

/** What a hostile server answers to one request: a status and the body text, sent as given. */
export type HostileAnswer = { status?: number; body: string };

export interface HostileServer {
  /** `http://127.0.0.1:PORT`, to be given as both base URLs. */
  readonly base: string;
  readonly seen: SeenRequest[];
  close(): Promise<void>;
}

/**
 * A loopback server that answers each request with the text `answer` returns, byte for byte (so it
 * can send what JSON.stringify never writes: ids above 2^53, `1e+21`, nesting 10 000 deep), and
 * records what it was sent.
 */
export async function startHostileServer(answer: (req: SeenRequest) => HostileAnswer): Promise<HostileServer> {
  const { createServer } = await import('node:http');
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { method: req.method ?? '', path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') };
      seen.push(r);
      const a = answer(r);
      res.writeHead(a.status ?? 200, { 'content-type': 'application/json' });
      res.end(a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    base: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A one-page list answer holding `records` (raw JSON texts, so ids can be written as any number). */
export function listAnswer(records: readonly string[]): string {
  return `{"data":[${records.join(',')}],"current_page":1,"last_page":1,"per_page":25,"total":${records.length}}`;
}
