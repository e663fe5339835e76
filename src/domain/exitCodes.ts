// The exit codes of sitedeck, each number written once: the commands (src/commands/exitCodes.ts
// adds their help and the API errors' codes), the deck and the signals that end it (src/ui/start/signals.ts)
// all read them here, below both.
export const EXIT = {
  ok: 0,
  usage: 2,
  auth: 3,
  notFound: 4,
  validation: 5,
  rateLimited: 6,
  server: 7,
  readOnly: 8,
  /** `reports audit --fail-on` / `--max-failing`: the audit was made and breaks the release gate. */
  gate: 9,
  /** `reports audit`: a rule of the gate judged nothing (no page, no verdict, no earlier analysis), so it did not pass (unless --allow-empty). */
  gateEmpty: 10,
  /** stdout or stderr could not be written (a full disk, an I/O error): what was not written is lost, so the run stops. */
  writeFailed: 11,
  /** `reports cover`: some pages were done and some refused (422) or not done; --resume goes on with what is left. */
  coverPartial: 12,
  /** `reports cover`: the host refused every page the run sent (422); no report was made. */
  coverRefused: 13,
  /** Ctrl+C, or SIGINT: 128 + the signal's number, as a shell expects. */
  interrupted: 130,
  /** SIGTERM ends the deck and the commands (128 + 15). */
  terminated: 143,
  /** SIGHUP (the terminal went away) ends the deck and the commands (128 + 1). */
  hungUp: 129,
  /** The reader of stdout went away (a closed pipe, `| head -1`): 128 + SIGPIPE's 13, what a shell's pipefail sees of a process the pipe ended. */
  readerGone: 141,
  /** A bug in sitedeck itself: not in the usage table people script against. */
  internal: 1,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
