// Plain-fetch helpers for emulator tests: real loopback HTTP, no sitedeck client.

import { startEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator';

export interface Call {
  query?: Record<string, string | number>;
  form?: Record<string, string | number>;
  json?: unknown;
  headers?: Record<string, string>;
  /** Leave out the Authorization header. */
  noAuth?: boolean;
  key?: string;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

export const WEB = '/public/api/v1/websites';
export const REP = '/api/v1/reports';

export async function call(emu: Emulator, method: string, path: string, c: Call = {}): Promise<Answer> {
  const base = path.startsWith('/api/') ? emu.seoBaseUrl : emu.baseUrl;
  const url = new URL(base + path);
  for (const [k, v] of Object.entries(c.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { Accept: 'application/json', ...c.headers };
  if (!c.noAuth) headers.Authorization = `Bearer ${c.key ?? emu.apiKey}`;
  let body: string | undefined;
  if (c.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(Object.entries(c.form).map(([k, v]) => [k, String(v)])).toString();
  } else if (c.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(c.json);
  }
  const res = await fetch(url, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

/** An emulator without a rate limit (tests make many requests), closed by the returned function. */
export async function emulator(opts: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator({ rateLimit: 0, ...opts });
}
