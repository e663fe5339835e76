// One request, sent as written to a server (the Laravel reference or the emulator) over loopback
// HTTP with plain fetch, and what came back, with the server's own origin taken out of the body
// and headers so both sides read alike.

type Host = 'analytics' | 'seo';

export interface Target {
  baseUrl: string;
  seoBaseUrl: string;
  apiKey: string;
}

export interface Request {
  /** Names the case in failures and in the intended-differences list. */
  name: string;
  host: Host;
  method: string;
  /** Path on the host, e.g. /public/api/v1/websites/1. */
  path: string;
  query?: [string, string][];
  form?: Record<string, string>;
  /** A JSON body instead of a form. */
  json?: Record<string, unknown>;
  /** key (default), none, or a wrong key. */
  auth?: 'key' | 'none' | 'wrong';
  /** Accept header; default application/json; null leaves it out. */
  accept?: string | null;
  /**
   * The answer is about seeded records, which differ between the two servers (each seeds its own):
   * compare shapes with null standing for any type, and only the values the data does not decide.
   */
  seeded?: boolean;
  /** A filtered list: counts and the last page depend on the seeded data. */
  filtered?: boolean;
}

export interface Answer {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  text: string;
  body: unknown;
}

const ORIGIN = '{origin}';

export async function exchange(target: Target, r: Request): Promise<Answer> {
  const origin = r.host === 'seo' ? target.seoBaseUrl : target.baseUrl;
  const url = new URL(origin + r.path);
  for (const [k, v] of r.query ?? []) url.searchParams.append(k, v);
  const headers: Record<string, string> = {};
  const accept = r.accept === undefined ? 'application/json' : r.accept;
  if (accept !== null) headers.Accept = accept;
  const auth = r.auth ?? 'key';
  if (auth === 'key') headers.Authorization = `Bearer ${target.apiKey}`;
  if (auth === 'wrong') headers.Authorization = 'Bearer not-the-key-0000';
  let body: string | undefined;
  if (r.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(r.form).toString();
  } else if (r.json) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(r.json);
  }
  const res = await fetch(url, { method: r.method, headers, body, redirect: 'manual' });
  const raw = await res.text();
  // Both spellings of "/" (PHP writes "\/") and the origin itself read the same on both sides.
  const text = raw.split(origin.replace(/\//g, '\\/')).join(ORIGIN).split(origin).join(ORIGIN);
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const out: Record<string, string> = {};
  res.headers.forEach((v, k) => (out[k] = v.split(origin).join(ORIGIN)));
  return { status: res.status, headers: out, text, body: parsed };
}
