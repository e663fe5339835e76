// The Laravel reference server (../shared/laravel-ref: the real Laravel framework playing both
// hosts), started from its own start.sh and spoken to over HTTP only. Suites that need it run when
// PHP and the reference are here and say why they did not run otherwise.

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const REF_INSTALL = 'apt-get install php-cli php-sqlite3 php-mbstring php-xml php-laravel-framework';

export type RefAvailability = { ok: true; dir: string } | { ok: false; reason: string };

/** The nearest `shared/laravel-ref` at or above `start`. */
function above(start: string): string | undefined {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'laravel-ref');
    if (existsSync(join(candidate, 'start.sh'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Where a clone came from, when that is a directory on this machine (a clone of a local checkout). */
function originDir(root: string): string | undefined {
  try {
    const url = execFileSync('git', ['config', '--get', 'remote.origin.url'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const path = url.startsWith('file://') ? url.slice('file://'.length) : url;
    return path.startsWith('/') && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** SITEDECK_LARAVEL_REF, else the nearest `shared/laravel-ref` above the project (or above its origin). */
function findDir(): string | undefined {
  const fromEnv = process.env.SITEDECK_LARAVEL_REF;
  if (fromEnv) return existsSync(join(fromEnv, 'start.sh')) ? resolve(fromEnv) : undefined;
  const root = resolve(__dirname, '../..');
  const origin = originDir(root);
  return above(root) ?? (origin ? above(origin) : undefined);
}

function phpProblem(): string | undefined {
  try {
    execFileSync(
      'php',
      ['-r', 'exit(is_file("/usr/share/php/Illuminate/autoload.php") && extension_loaded("pdo_sqlite") && extension_loaded("mbstring") ? 0 : 3);'],
      {
        stdio: 'ignore',
      },
    );
    return undefined;
  } catch (e) {
    return (e as { status?: number }).status === 3 ? 'PHP lacks the Laravel framework, pdo_sqlite or mbstring' : 'php is not installed';
  }
}

let cached: RefAvailability | undefined;

export function laravelRef(): RefAvailability {
  if (cached) return cached;
  const dir = findDir();
  if (!dir) {
    cached = { ok: false, reason: 'skipped: no shared/laravel-ref above the project; to run it: SITEDECK_LARAVEL_REF=/path/to/laravel-ref npm test' };
    return cached;
  }
  const problem = phpProblem();
  cached = problem ? { ok: false, reason: `skipped: ${problem}; to run it: ${REF_INSTALL}` } : { ok: true, dir };
  return cached;
}

/** The suite's title, with the reason when it cannot run; the reason is printed once per file. */
export function refSuiteTitle(title: string): string {
  const ref = laravelRef();
  if (ref.ok) return title;
  console.info(`${title}: ${ref.reason}`);
  return `${title} (${ref.reason})`;
}

export interface RunningRef {
  baseUrl: string;
  seoBaseUrl: string;
  apiKey: string;
  stop(): Promise<void>;
}

export interface RefOptions {
  /** The api group's throttle: `maxAttempts,decayMinutes` (the reference's default is 60,1). */
  throttle?: string;
  seedWebsites?: number;
  seedReports?: number;
}

/** Starts both hosts (freshly migrated and seeded sqlite) and resolves once they answer. */
export function startLaravelRef(opts: RefOptions = {}): Promise<RunningRef> {
  const ref = laravelRef();
  if (!ref.ok) throw new Error(ref.reason);
  const env: Record<string, string> = { ...(process.env as Record<string, string>) };
  if (opts.throttle) env.REF_THROTTLE = opts.throttle;
  if (opts.seedWebsites !== undefined) env.REF_SEED_WEBSITES = String(opts.seedWebsites);
  if (opts.seedReports !== undefined) env.REF_SEED_REPORTS = String(opts.seedReports);
  const child: ChildProcess = spawn('bash', [join(ref.dir, 'start.sh')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stopped = new Promise<void>((res) => child.once('close', () => res()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await stopped;
  };
  // A test process that dies without its afterAll still takes the PHP servers down.
  const onExit = () => child.kill('SIGTERM');
  process.once('exit', onExit);
  return new Promise((res, rej) => {
    let out = '';
    let err = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const line = out.split('\n').find((l) => l.trim().startsWith('{'));
      if (!line) return;
      const j = JSON.parse(line) as { base_url: string; seo_base_url: string; api_key: string };
      res({
        baseUrl: j.base_url,
        seoBaseUrl: j.seo_base_url,
        apiKey: j.api_key,
        stop: async () => {
          process.off('exit', onExit);
          await stop();
        },
      });
    });
    child.once('close', (code) => rej(new Error(`laravel-ref exited (${code}) before answering:\n${err}`)));
  });
}
