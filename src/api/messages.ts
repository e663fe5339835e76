// The text of every ApiError: it names the host and says what to do next. Pure: no I/O.

import { dateTimeUtc } from '../text/dateTime';
import { groupDigits } from '../text/digits';
import { sanitize } from '../text/sanitize';
import type { ApiErrorInit, HostName, Trouble } from './errors';
import { idProblem, idText, type RecordId } from '../domain';
import { INSANE_WAIT, isSaneMoment } from '../domain/hostNumbers';
import { SETTING_ENV } from '../domain/settingEnv';

/** A server's wait as said: `3,000 s`; one past any sense (a year and more) as what it is. */
const waitText = (sec: number | undefined) =>
  sec === undefined ? 'an unknown time' : sec >= 365 * 86_400 ? 'more than a year' : `${groupDigits(Math.ceil(sec))} s`;

/** What a request was about, for sentences like "has no website 42". */
export interface Subject {
  /** Singular noun of the resource: website, report. */
  noun: string;
  /** Set when the request addressed one record. */
  id?: RecordId;
  /** A timeout's length, for "did not answer within 15 s". */
  timeoutMs?: number;
  /** Attempts that timed out or failed before the last, and the time they all took. */
  attempts?: number;
  totalMs?: number;
  /** Network failure in words ("connection refused"). */
  detail?: string;
}

/** Where the key comes from, as the commands and the deck say it (the setup screen says it its own way). */
export const KEY_HINT = `Check the API key (${SETTING_ENV.api_key} or \`sitedeck config set-key\`)`;
const REFRESH = 'refresh to check';

export const BASE_ENV: Record<HostName, string> = { analytics: SETTING_ENV.base_url, seo: SETTING_ENV.seo_base_url };

export function hostPhrase(host: HostName, origin: string): string {
  let label = origin;
  try {
    label = new URL(origin).host;
  } catch {
    // keep the origin as given
  }
  return `${host === 'seo' ? 'SEO' : 'analytics'} host ${label}`;
}

/** A server's own words, made printable and short. */
function quote(serverMessage: string | undefined): string {
  if (!serverMessage) return '';
  const text = sanitize(serverMessage).trim();
  if (!text) return '';
  return `: "${text.length > 200 ? text.slice(0, 199) + '…' : text}"`;
}

function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

function fieldList(fields: Record<string, string[]> | undefined): string {
  const parts = Object.entries(fields ?? {}).map(([name, msgs]) => `${name}: ${msgs.map((m) => sanitize(m)).join(' ')}`);
  return parts.length ? ` — ${parts.join('; ')}` : '';
}

/** Where a private CA's certificate goes: Node reads it at start, for every face of sitedeck. */
const CA_HINT = 'NODE_EXTRA_CA_CERTS=/path/to/ca.pem';

/** The proxy or the certificate in words, with the fix. */
function troubleMessage(t: Trouble, host: string, hostName: HostName): string {
  switch (t.kind) {
    case 'proxyAuth': {
      const env = t.https ? 'HTTPS_PROXY' : 'HTTP_PROXY';
      return t.withCredentials
        ? `The proxy at ${t.proxy} did not accept the credentials in ${env} (407 Proxy Authentication Required) on the way to the ${host}. ` +
            `Check the user and password in ${env} (http://user:pass@${t.proxy}).`
        : `The proxy at ${t.proxy} wants credentials (407 Proxy Authentication Required) on the way to the ${host}: ` +
            `put them in ${env} as http://user:pass@${t.proxy}.`;
    }
    case 'proxyGateway':
      if (t.status < 500) {
        return (
          `The proxy at ${t.proxy} refused the way to the ${host} (${t.status}): its rules may not allow that host. ` +
          `Ask its administrator, or add the host to NO_PROXY if it is inside your network.`
        );
      }
      return (
        `The proxy at ${t.proxy} could not reach the ${host} (${t.status}). ` +
        `Check the base URL (${BASE_ENV[hostName]}); a host inside your network may belong in NO_PROXY.`
      );
    case 'proxyUnsupported':
      return (
        `The proxy for the ${host} is a ${t.scheme}:// one (${t.proxy}, from ${t.https ? 'HTTPS_PROXY' : 'HTTP_PROXY'} or ALL_PROXY): ` +
        `sitedeck speaks to HTTP proxies only. Give an http:// proxy, or add the host to NO_PROXY to go direct.`
      );
    case 'proxyUnreachable':
      return (
        `Could not reach the proxy at ${t.proxy} (${t.detail}) on the way to the ${host}. ` +
        `Check HTTPS_PROXY and HTTP_PROXY, or add the host to NO_PROXY to go direct.`
      );
    case 'proxySilent':
      return (
        `The proxy ${t.proxy} did not answer in time on the way to the ${host}. ` +
        `Check ${t.https ? 'HTTPS_PROXY' : 'HTTP_PROXY'} (or ALL_PROXY), or add the host to NO_PROXY to go direct.`
      );
    case 'tls': {
      const trust = `If you trust it, give sitedeck the CA's certificate: ${CA_HINT}`;
      switch (t.problem) {
        case 'selfSigned':
          return `The ${host} has a self-signed certificate, or one from a private CA this machine does not trust (${t.code}). ${trust}.`;
        case 'unknownCa':
          return `The ${host} has a certificate from a CA this machine does not know (${t.code}). ${trust}.`;
        case 'expired':
          return (
            `The ${host}'s certificate has expired or is not valid yet (${t.code}). ` +
            `Its administrator must renew it; check this machine's clock too (${CA_HINT} cannot help here).`
          );
        case 'wrongName':
          return `The ${host}'s certificate was made for another name (${t.code}). Use the name it was made for in the base URL (${BASE_ENV[hostName]}).`;
        case 'other':
          return `The ${host}'s certificate could not be verified (${t.code}). ${trust}.`;
      }
    }
  }
}

export function messageFor(init: ApiErrorInit, subject: Subject): string {
  const host = hostPhrase(init.host, init.origin);
  const Host = `The ${host}`;
  const status = init.status ? ` (${init.status})` : '';
  const record = subject.id !== undefined ? `${subject.noun} ${sanitize(idText(subject.id))}` : undefined;
  const said = quote(init.serverMessage);
  switch (init.kind) {
    case 'auth':
      if (init.status && init.status >= 300 && init.status < 400) {
        return `${Host} redirected to its login page: it did not accept the API key. ${KEY_HINT}.`;
      }
      if (init.status === 401) return `${Host} did not accept the API key${status}. ${KEY_HINT}.`;
      return (
        `${Host} answered with a web page instead of JSON, usually its login page: ` +
        `the API key was not accepted or the base URL is not the API. ${KEY_HINT} and ${BASE_ENV[init.host]}.`
      );
    case 'forbidden':
      return record
        ? `${Host} refused access to ${record}${status}${said}. ` +
            `The record may have been deleted elsewhere — refresh; otherwise the account may lack access to it.`
        : `${Host} refused access${status}${said}. The account's plan may not include API access; ask the host's administrator.`;
    case 'notFound':
      return record
        ? `${Host} has no ${record}${status}: the record may have been deleted elsewhere — refresh.`
        : `${Host} has no API at ${init.path}${status}. Check the base URL (${BASE_ENV[init.host]}).`;
    case 'validation': {
      const why = fieldList(init.fields) || said;
      return `${Host} rejected the ${subject.noun}${why}${/[.!?]$/.test(why) ? '' : '.'} Correct it and try again.`;
    }
    case 'rateLimited':
      if (init.insaneWait !== undefined) {
        return (
          `${Host} is limiting requests${status}, but ${INSANE_WAIT} (${sanitize(init.insaneWait)}): ` +
          `try again in a few minutes; if it persists, tell the host's administrator.`
        );
      }
      if (init.retryAt !== undefined && init.maxWaitSec !== undefined) {
        if (!isSaneMoment(init.retryAt))
          return `${Host} is limiting requests${status}: ${INSANE_WAIT}; try again in a few minutes; if it persists, tell the host's administrator.`;
        return (
          `${Host} is limiting requests${status}: it asks for a wait of ${waitText(init.retryAfter)}, ` +
          `longer than max_wait (${groupDigits(init.maxWaitSec)} s); try again after ${dateTimeUtc(init.retryAt)}.`
        );
      }
      return init.retryAfter !== undefined
        ? `${Host} is limiting requests${status}: try again in ${Math.max(1, Math.ceil(init.retryAfter))} s.`
        : `${Host} is limiting requests${status}: try again in a minute.`;
    case 'server':
      return `${Host} had a server error${status}${said}. Try again in a moment; if it persists, the host's administrator can check its logs.`;
    case 'network':
      if (init.trouble) return troubleMessage(init.trouble, host, init.host);
      // Node refused to send it (a line break in the key): nothing reached the host.
      if (subject.detail?.startsWith('not sent: ')) {
        return `The request to the ${host} was not sent: ${subject.detail.slice('not sent: '.length)}. ${KEY_HINT}.`;
      }
      return init.mayHaveApplied
        ? `The connection to the ${host} was lost (${subject.detail ?? 'connection failed'}). The change may have been applied — ${REFRESH}.`
        : `Could not reach the ${host} (${subject.detail ?? 'connection failed'}). Check the base URL (${BASE_ENV[init.host]}) and the network.`;
    case 'timeout':
      return timeoutMessage(init, subject, host, status);
    case 'badResponse':
      return badResponseMessage(init, subject, host, record);
    case 'badId':
      return (
        `Not sent: the ${subject.noun} the ${host} listed cannot be addressed — ` +
        `${sanitize(subject.id === undefined ? 'it has no id' : (idProblem(subject.id) ?? ''))}.`
      );
    case 'aborted':
      return `Request to the ${host} was cancelled.`;
  }
}

/** No answer in time: how long was waited, and whether a proxy or the host stayed silent. */
function timeoutMessage(init: ApiErrorInit, subject: Subject, host: string, status: string): string {
  const Host = `The ${host}`;
  const tries = subject.attempts && subject.totalMs !== undefined ? ` (${subject.attempts} attempts, ${duration(subject.totalMs)} in all)` : '';
  const within = subject.timeoutMs !== undefined ? ` within ${duration(subject.timeoutMs)}${tries}` : ` in time${status}`;
  if (init.trouble?.kind === 'proxySilent') {
    const t = init.trouble;
    const check = `Check ${t.https ? 'HTTPS_PROXY' : 'HTTP_PROXY'} (or ALL_PROXY), or add the host to NO_PROXY to go direct.`;
    if (t.stage === 'answer') {
      const next = init.mayHaveApplied ? `The change may have been applied — ${REFRESH}.` : check;
      return `Neither the proxy ${t.proxy} nor the ${host} behind it answered${within}. ${next}`;
    }
    return (
      `The proxy ${t.proxy} ${t.https ? 'did not answer CONNECT' : 'did not connect'}${within} on the way to the ${host}; ` +
      `nothing reached the host. ${check}`
    );
  }
  return init.mayHaveApplied
    ? `${Host} did not answer${within}. The change may have been applied — ${REFRESH}.`
    : `${Host} did not answer${within}. Try again; the host may be overloaded.`;
}

/** An answer sitedeck cannot read, or one refused unread. */
function badResponseMessage(init: ApiErrorInit, subject: Subject, host: string, record: string | undefined): string {
  const Host = `The ${host}`;
  // A body refused unread (too large, compressed unasked): the request ends here.
  if (subject.detail?.startsWith('sent ')) {
    const unasked = subject.detail.startsWith('sent a compressed') ? ', which sitedeck did not ask for' : '';
    const http = init.status ? ` (HTTP ${init.status})` : '';
    const what = `The ${host} ${subject.detail} for ${record ?? 'one page'}${http}${unasked}; sitedeck stopped reading it.`;
    if (init.mayHaveApplied) return `${what} The change was probably applied — ${REFRESH}.`;
    return subject.detail.startsWith('sent more')
      ? `${what} A smaller page size helps; ${SETTING_ENV.max_body_mb} raises the limit.`
      : `${what} Check that ${BASE_ENV[init.host]} points at the API.`;
  }
  const what = `${Host} sent an answer sitedeck cannot read (${subject.detail ?? 'unexpected shape'}${init.status ? `, HTTP ${init.status}` : ''}).`;
  return init.mayHaveApplied ? `${what} The change was probably applied — ${REFRESH}.` : `${what} Check that ${BASE_ENV[init.host]} points at the API.`;
}
