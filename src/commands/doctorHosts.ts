// `sitedeck doctor`, the hosts: for each, its name resolved, one cheap request (a list of one
// record) through the client and shared pacer every command uses, and what that one answer says:
// whether it came, whether the key was accepted, the rate budget left and the host's clock.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isApiError, type ApiError, type HostName } from '../api/errors';
import { maskProxy, proxyFor } from '../api/proxy';
import type { AnswerInfo, Client } from '../api/types';
import { RESOURCES, type ResourceName } from '../domain';
import { isLoopbackHost } from '../domain/baseUrl';
import { HOW } from './client';
import type { DoctorCheck } from './doctorCheck';
import { EXIT } from './exitCodes';

/** The resource whose list stands for each host. */
const LISTED: Readonly<Record<HostName, ResourceName>> = { analytics: 'websites', seo: 'reports' };

/** What was learnt about one host. */
export interface HostProbe {
  host: HostName;
  origin: string;
  /** The proxy the requests go through (masked), when one applies (HTTPS_PROXY, HTTP_PROXY, NO_PROXY). */
  proxy?: string;
  /** A name is looked up here only when no proxy applies: through one, the proxy resolves it. */
  address:
    | { kind: 'ip' }
    | { kind: 'proxy'; name: string }
    | { kind: 'resolved'; name: string; address: string }
    | { kind: 'unresolved'; name: string; code: string };
  /** How long the request took (ms), answered or not. */
  ms: number;
  /** The request's answer, when one came (a refusal is an answer). */
  answer?: AnswerInfo & { localAt: number };
  /** The request's failure, if it failed. */
  error?: ApiError;
}

/** A clock this far from the host's (ms) is worth a warning; the Date header counts whole seconds. */
const CLOCK_SLACK_MS = 5_000;
/** Under this share of the window's budget left, a warning: requests will soon wait. */
const LOW_BUDGET = 0.1;

async function addressOf(origin: string, proxy: string | undefined): Promise<HostProbe['address']> {
  const name = new URL(origin).hostname.replace(/^\[|\]$/g, '');
  if (isIP(name)) return { kind: 'ip' };
  if (proxy) return { kind: 'proxy', name };
  try {
    return { kind: 'resolved', name, address: (await lookup(name)).address };
  } catch (e) {
    return { kind: 'unresolved', name, code: (e as NodeJS.ErrnoException).code ?? String(e) };
  }
}

/**
 * Probes `host`: resolves its name, then sends ONE request (the client must be made with no
 * retries), a list of one record. `answers` is where the client's onAnswer puts each answer.
 */
export async function probeHost(
  client: Client,
  host: HostName,
  answers: Map<HostName, AnswerInfo & { localAt: number }>,
  signal?: AbortSignal,
): Promise<HostProbe> {
  const origin = client.hosts[host];
  const through = proxyFor(origin);
  const address = await addressOf(origin, through);
  const start = performance.now();
  let error: ApiError | undefined;
  try {
    await client.resource(LISTED[host]).list({ per_page: 1 }, { signal });
  } catch (e) {
    if (!isApiError(e)) throw e;
    error = e;
  }
  return { host, origin, proxy: through && maskProxy(through), address, ms: Math.round(performance.now() - start), answer: answers.get(host), error };
}

const seconds = (ms: number) => `${Math.round(Math.abs(ms) / 1000)} s`;

/** The checks of one probed host. Pure: `probe` holds everything. */
export function hostChecks(p: HostProbe): DoctorCheck[] {
  const group = p.host;
  const check = (name: string, title: string, rest: Pick<DoctorCheck, 'status' | 'detail' | 'fix' | 'code'>): DoctorCheck => ({
    id: `${group}.${name}`,
    group,
    title,
    ...rest,
  });
  const checks: DoctorCheck[] = [];

  const a = p.address;
  if (a.kind === 'ip') checks.push(check('address', 'address', { status: 'ok', detail: `${new URL(p.origin).hostname} (an IP address: no DNS)` }));
  else if (a.kind === 'proxy') checks.push(check('address', 'address', { status: 'ok', detail: `${a.name}, resolved by the proxy` }));
  else if (a.kind === 'resolved') checks.push(check('address', 'address', { status: 'ok', detail: `${a.name} is ${a.address}` }));
  else
    checks.push(
      check('address', 'address', {
        status: 'fail',
        detail: `${a.name} was not found (${a.code})`,
        fix: 'check the host name in the base URL, and the DNS of this machine',
        code: EXIT.server,
      }),
    );

  const url = new URL(p.origin);
  const https = url.protocol === 'https:';
  if (https) checks.push(check('encryption', 'encryption', { status: 'ok', detail: 'https' }));
  else if (isLoopbackHost(url.hostname))
    checks.push(check('encryption', 'encryption', { status: 'ok', detail: 'plain http, on this machine (the key never leaves it)' }));
  else
    checks.push(
      check('encryption', 'encryption', {
        status: 'warn',
        detail: `plain http to ${url.host}: the key travels unencrypted with every request`,
        fix: 'use https:// in the base URL if the host offers it',
      }),
    );

  const answered = p.answer !== undefined;
  const route = p.proxy ? ` through the proxy ${p.proxy}` : '';
  if (!answered) {
    const why = `${p.error?.message ?? 'no answer'}${route && !p.error?.message.includes('proxy') ? ` (through the proxy ${p.proxy})` : ''}`;
    checks.push(
      check('connection', 'connection', {
        status: 'fail',
        detail: why,
        fix: p.proxy ? 'check the proxy (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), the base URL and the host' : 'check the base URL, the network and the host',
        code: EXIT.server,
      }),
    );
    checks.push(check('key', 'key', { status: 'warn', detail: 'not checked: the host did not answer' }));
    return checks;
  }
  const answer = p.answer!;
  checks.push(
    check('connection', 'connection', {
      status: 'ok',
      detail: `${p.origin} answered ${answer.status} in ${p.ms} ms${route}${https ? ', its certificate trusted' : ''}`,
    }),
  );

  const e = p.error;
  const noun = RESOURCES[LISTED[p.host]].title.toLowerCase();
  if (!e) checks.push(check('key', 'key', { status: 'ok', detail: `accepted (listed ${noun})` }));
  else if (e.kind === 'auth' || e.kind === 'forbidden') {
    const what = e.kind === 'auth' ? `refused (${e.status ?? 401})` : `accepted but without access to ${noun} (${e.status ?? 403})`;
    checks.push(
      check('key', 'key', { status: 'fail', detail: what, fix: `save the right key: sitedeck config set-key (or set ${HOW.apiKeyEnv})`, code: EXIT.auth }),
    );
  } else if (e.kind === 'rateLimited') {
    checks.push(
      check('key', 'key', { status: 'warn', detail: 'not checked: the host is rate limiting this machine', fix: `try again in ${e.retryAfter ?? 60} s` }),
    );
  } else if (e.kind === 'notFound') {
    checks.push(
      check('key', 'key', {
        status: 'fail',
        detail: `not checked: ${e.message}`,
        fix: 'check the base URL (with or without its API path)',
        code: EXIT.notFound,
      }),
    );
  } else checks.push(check('key', 'key', { status: 'fail', detail: `not checked: ${e.message}`, fix: 'check the base URL and the host', code: EXIT.server }));

  checks.push(check('budget', 'rate budget', budget(answer, e)));
  checks.push(check('clock', 'clock', clock(answer)));
  return checks;
}

function budget(answer: AnswerInfo, e: ApiError | undefined): Pick<DoctorCheck, 'status' | 'detail' | 'fix'> {
  if (e?.kind === 'rateLimited')
    return {
      status: 'warn',
      detail: `none left: requests wait ${e.retryAfter ?? '?'} s for the next window`,
      fix: 'wait, or stop other sitedeck processes using this key',
    };
  const { limit, remaining } = answer;
  if (remaining === undefined) return { status: 'ok', detail: 'the host announces no limit (no X-RateLimit-Remaining)' };
  const of = limit === undefined ? '' : ` of ${limit}`;
  if (limit !== undefined && remaining < Math.max(1, limit * LOW_BUDGET)) {
    return {
      status: 'warn',
      detail: `${remaining}${of} requests left in this window: the next ones will wait`,
      fix: 'wait for the window to pass, or stop other sitedeck processes using this key',
    };
  }
  return { status: 'ok', detail: `${remaining}${of} requests left in this window` };
}

/** The host's Date header against this machine's clock when the answer came. */
export function clock(answer: Pick<AnswerInfo, 'date'> & { localAt: number }): Pick<DoctorCheck, 'status' | 'detail' | 'fix'> {
  const hostAt = answer.date === undefined ? NaN : Date.parse(answer.date);
  if (Number.isNaN(hostAt)) return { status: 'ok', detail: 'not compared: the host sent no Date header' };
  // The header drops the milliseconds: the host's clock stood somewhere in [hostAt, hostAt + 1 s).
  const skew = answer.localAt - hostAt;
  const off = skew < 0 ? skew : Math.max(0, skew - 1000);
  if (Math.abs(off) <= CLOCK_SLACK_MS) return { status: 'ok', detail: `within ${seconds(CLOCK_SLACK_MS)} of the host's` };
  return {
    status: 'warn',
    detail: `${seconds(off)} ${off > 0 ? 'ahead of' : 'behind'} the host's: times shown and waits after a rate limit are off by as much`,
    fix: 'set the clock from the network (timedatectl set-ntp true, or your system settings)',
  };
}
