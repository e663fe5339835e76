// `sitedeck doctor [--json]`: one line per check with ✓ / ! / ✗ and the fix, for the configuration,
// both hosts and the terminal. One request to each host, nothing else sent; the key never shown.
import { appendAll } from '../text/bounded';
import type { HostName } from '../api/errors';
import type { AnswerInfo } from '../api/types';
import { configFlagsFrom, redactKey, withCommandKey } from '../config';
import { isComplete, type ResolvedConfig } from '../config/types';
import { commandClient } from './client';
import { doctorExitCode, doctorJson, doctorText, type DoctorCheck } from './doctorCheck';
import { compileCacheCheck } from './doctorCompileCache';
import { configChecks } from './doctorConfig';
import { localFileChecks } from './doctorFiles';
import { hostChecks, probeHost } from './doctorHosts';
import { CommandFailure } from './failure';
import { toJson } from './format/json';
import type { Options } from './input';
import type { Io } from './io';
import { EXIT, type ExitCode } from './exitCodes';
import { describeFailure } from './run';

const HOSTS: readonly HostName[] = ['analytics', 'seo'];

/** Runs api_key_command when it is the key's source: the check says how it went (never what it printed). */
async function keyFromCommand(config: ResolvedConfig, io: Io): Promise<{ check: DoctorCheck; config: ResolvedConfig }> {
  const base = { id: 'config.key_command', group: 'config', title: 'key command' } as const;
  const started = performance.now();
  try {
    const withKey = await withCommandKey(config, { env: io.env, interactive: io.isTTY.stdin });
    return {
      config: withKey,
      check: { ...base, status: 'ok', detail: `'${config.apiKeyCommand}' printed a key in ${Math.round(performance.now() - started)} ms` },
    };
  } catch (e) {
    const { code, lines } = describeFailure(e);
    return { config, check: { ...base, status: 'fail', detail: lines.join(' '), fix: `run it yourself to see why: ${config.apiKeyCommand}`, code } };
  }
}

export async function runDoctor(opts: Options, io: Io, signal: AbortSignal): Promise<ExitCode> {
  const { env } = io;
  const found = configChecks(configFlagsFrom(opts), env);
  const checks = found.checks;
  let config = found.config;
  if (config?.keyByCommand) {
    const ran = await keyFromCommand(config, io);
    config = ran.config;
    // With the other checks of the configuration, before the settings.
    const at = checks.findLastIndex((c) => c.group === 'config') + 1;
    checks.splice(at, 0, ran.check);
  }
  // The compile cache, last of the configuration's checks.
  checks.splice(checks.findLastIndex((c) => c.group === 'config') + 1, 0, compileCacheCheck(env, config));
  // The local files as they are before this run's requests make the state database.
  appendAll(checks, localFileChecks(env, config));

  if (config && isComplete(config)) {
    const answers = new Map<HostName, AnswerInfo & { localAt: number }>();
    try {
      // No retries: one request per host, whatever it answers.
      const client = commandClient(config, io, { retries: 0, rateLimitRetries: 0, onAnswer: (a) => answers.set(a.host, { ...a, localAt: Date.now() }) });
      const probes = await Promise.all(HOSTS.map((h) => probeHost(client, h, answers, signal)));
      for (const p of probes) appendAll(checks, hostChecks(p));
    } catch (e) {
      if (!(e instanceof CommandFailure)) throw e;
      for (const h of HOSTS) checks.push({ ...connectionCheck(h, 'fail', e.lines.join(' ')), fix: 'correct the base URL', code: EXIT.usage });
    }
  } else {
    for (const h of HOSTS) checks.push(connectionCheck(h, 'warn', 'not checked: the settings above are missing a base URL or the key'));
  }

  const { terminalChecks, terminalFacts } = await import('../terminal/checks');
  appendAll(checks, terminalChecks(terminalFacts(env, io.terminalSize, config ? config.mouse !== false : undefined, config?.screenReader)));

  // Belt and braces: no message of a server or the system may carry the key out.
  const safe: DoctorCheck[] = checks.map((c) => ({
    ...c,
    detail: redactKey(c.detail, config?.apiKey),
    fix: c.fix === undefined ? undefined : redactKey(c.fix, config?.apiKey),
  }));
  io.stdout.write(opts.json === true ? toJson(doctorJson(safe)) : doctorText(safe));
  return doctorExitCode(safe);
}

/** A host's connection check, when no request could say more (the settings refused, or incomplete). */
function connectionCheck(host: HostName, status: DoctorCheck['status'], detail: string): DoctorCheck {
  return { id: `${host}.connection`, group: host, title: 'connection', status, detail };
}
