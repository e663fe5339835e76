// Fault rules: matching requests get a fault instead of (or, for a delay, before) the normal
// answer. Rules apply in the order added; `times` counts down and the rule drops at zero.

import type { EmulatorHost, Fault, FaultRule } from './types';

interface Entry {
  id: number;
  rule: FaultRule;
  left: number;
}

const FAULT_TYPES: readonly Fault['type'][] = ['status', 'delay', 'malformedJson', 'html', 'reset', 'redirectLogin', 'emptyBody'];

export class Faults {
  private entries: Entry[] = [];
  private nextId = 1;

  add(rule: FaultRule): number {
    const id = this.nextId++;
    this.entries.push({ id, rule, left: rule.times ?? Infinity });
    return id;
  }

  remove(id: number): boolean {
    const before = this.entries.length;
    this.entries = this.entries.filter((e) => e.id !== id);
    return this.entries.length !== before;
  }

  clear(): void {
    this.entries = [];
  }

  list(): { id: number; rule: FaultRule; left: number | null }[] {
    return this.entries.map((e) => ({ id: e.id, rule: e.rule, left: Number.isFinite(e.left) ? e.left : null }));
  }

  /** The fault for this request, if a rule matches; counts the rule down. */
  take(host: EmulatorHost, method: string, path: string): Fault | undefined {
    const e = this.entries.find((x) => matches(x.rule, host, method, path));
    if (!e) return undefined;
    e.left -= 1;
    if (e.left <= 0) this.remove(e.id);
    return e.rule.fault;
  }
}

function matches(rule: FaultRule, host: EmulatorHost, method: string, path: string): boolean {
  if (rule.host && rule.host !== host) return false;
  if (rule.method && rule.method.toUpperCase() !== method) return false;
  if (rule.path === undefined) return true;
  return typeof rule.path === 'string' ? rule.path === path : new RegExp(rule.path.source, rule.path.flags.replace('g', '')).test(path);
}

/**
 * A rule sent over HTTP as JSON: like FaultRule, but `path` is an exact path and `pathRegex`
 * a regular expression source. Returns an error message when the rule makes no sense.
 */
export function ruleFromJson(v: unknown): FaultRule | string {
  if (!v || typeof v !== 'object') return 'body must be a JSON object';
  const o = v as Record<string, unknown>;
  const fault = o.fault as Fault | undefined;
  if (!fault || typeof fault !== 'object' || !FAULT_TYPES.includes(fault.type)) {
    return `fault.type must be one of ${FAULT_TYPES.join(', ')}`;
  }
  if (o.host !== undefined && o.host !== 'analytics' && o.host !== 'seo') return 'host must be analytics or seo';
  let path: string | RegExp | undefined;
  if (typeof o.pathRegex === 'string') {
    try {
      path = new RegExp(o.pathRegex);
    } catch {
      return 'pathRegex is not a valid regular expression';
    }
  } else if (typeof o.path === 'string') path = o.path;
  const times = typeof o.times === 'number' && o.times > 0 ? Math.floor(o.times) : undefined;
  return {
    host: o.host,
    method: typeof o.method === 'string' ? o.method.toUpperCase() : undefined,
    path,
    fault,
    times,
  };
}
