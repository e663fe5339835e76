import type { ApiErrorKind } from '../api/errors';
import { EXIT, type ExitCode } from '../domain/exitCodes';
import { SETTING_ENV } from '../domain/settingEnv';

/** The exit codes of every sitedeck command: one table (src/domain/exitCodes.ts), documented in `--help`. */
export { EXIT, type ExitCode };

/** What each code means, in the order `--help` lists them. */
export const EXIT_CODE_HELP: readonly { code: ExitCode; meaning: string }[] = [
  { code: EXIT.ok, meaning: 'success' },
  { code: EXIT.internal, meaning: 'unexpected internal error (a bug in sitedeck; please report it)' },
  { code: EXIT.usage, meaning: 'usage: bad flag or value, missing configuration, no terminal' },
  { code: EXIT.auth, meaning: 'the key was refused (401) or lacks access (403)' },
  { code: EXIT.notFound, meaning: 'no such record (404)' },
  { code: EXIT.validation, meaning: 'the server refused the values (422)' },
  { code: EXIT.rateLimited, meaning: 'rate limited (429); wait and retry' },
  { code: EXIT.server, meaning: 'server error, network error, timeout or an answer sitedeck cannot read' },
  { code: EXIT.readOnly, meaning: `refused: read-only mode (--read-only, ${SETTING_ENV.read_only} or a read-only profile); --dry-run is allowed` },
  { code: EXIT.gate, meaning: 'reports audit: the release gate failed (--fail-on, --max-failing); the audit is still written' },
  {
    code: EXIT.gateEmpty,
    meaning:
      'reports audit: the release gate judged nothing (no report matched, none analysed, no earlier analysis for --fail-on new); ' +
      '--allow-empty lets that pass',
  },
  { code: EXIT.writeFailed, meaning: 'stdout or stderr could not be written (a full disk, an I/O error); the run stopped there' },
  {
    code: EXIT.coverPartial,
    meaning: 'reports cover: a partial run: some pages done, some refused by the host (422) or not done; --resume goes on with the rest',
  },
  { code: EXIT.coverRefused, meaning: 'reports cover: the host refused every page the run sent (422); no report was made' },
  { code: EXIT.hungUp, meaning: 'hung up (SIGHUP: the terminal went away)' },
  { code: EXIT.interrupted, meaning: 'interrupted (Ctrl+C)' },
  { code: EXIT.readerGone, meaning: 'the reader of stdout went away (a closed pipe, `| head -1`)' },
  { code: EXIT.terminated, meaning: 'terminated (SIGTERM: timeout, a CI cancel, Kubernetes, systemd)' },
];

const BY_KIND: Readonly<Record<ApiErrorKind, ExitCode>> = {
  auth: EXIT.auth,
  forbidden: EXIT.auth,
  notFound: EXIT.notFound,
  validation: EXIT.validation,
  rateLimited: EXIT.rateLimited,
  server: EXIT.server,
  network: EXIT.server,
  timeout: EXIT.server,
  badResponse: EXIT.server,
  badId: EXIT.server,
  aborted: EXIT.interrupted,
};

export function exitCodeForApiError(kind: ApiErrorKind): ExitCode {
  return BY_KIND[kind];
}

/** The "Exit codes:" block appended to `--help`. */
export function exitCodesHelp(): string {
  return ['Exit codes:', ...EXIT_CODE_HELP.map((e) => `  ${String(e.code).padStart(3)}  ${e.meaning}`)].join('\n');
}
