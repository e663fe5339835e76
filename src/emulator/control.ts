// Test control over HTTP, for tests that run the emulator in another process (`sitedeck serve`).
// On both listeners, never counted in hits, never rate-limited, no auth:
//
//   POST   /__emulator/faults       JSON FaultRule; `path` is an exact path, `pathRegex` a regular
//                                   expression source, e.g.
//                                   {"host":"seo","method":"GET","pathRegex":"^/api/v1/reports",
//                                    "fault":{"type":"status","status":503},"times":2}
//                                   → 201 {"id": 1}
//   GET    /__emulator/faults       → {"faults": [{id, rule, left}]}
//   DELETE /__emulator/faults       removes every rule → {"cleared": true}
//   DELETE /__emulator/faults/{id}  removes one rule → {"deleted": true} (404 if unknown)
//   GET    /__emulator/hits         → {"hits": [Hit, …]} every request so far, in order
//   DELETE /__emulator/hits         forgets them → {"cleared": true}

import type { Faults } from './faults';
import { ruleFromJson } from './faults';
import { json, type Reply } from './http';
import type { FaultRule, Hit } from './types';

export const CONTROL_PREFIX = '/__emulator/';

export interface ControlContext {
  faults: Faults;
  hits: Hit[];
}

export function handleControl(ctx: ControlContext, method: string, path: string, body: string): Reply {
  const rest = path.slice(CONTROL_PREFIX.length).replace(/\/+$/, '');
  if (rest === 'faults') {
    if (method === 'GET') return json(200, { faults: ctx.faults.list().map((f) => ({ ...f, rule: showRule(f.rule) })) });
    if (method === 'DELETE') {
      ctx.faults.clear();
      return json(200, { cleared: true });
    }
    if (method === 'POST') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return json(400, { message: 'body must be JSON' });
      }
      const rule = ruleFromJson(parsed);
      if (typeof rule === 'string') return json(400, { message: rule });
      return json(201, { id: ctx.faults.add(rule) });
    }
  }
  const one = /^faults\/(\d+)$/.exec(rest);
  if (one && method === 'DELETE') {
    return ctx.faults.remove(Number(one[1])) ? json(200, { deleted: true }) : json(404, { message: 'no such fault rule' });
  }
  if (rest === 'hits') {
    if (method === 'GET') return json(200, { hits: ctx.hits });
    if (method === 'DELETE') {
      ctx.hits.length = 0;
      return json(200, { cleared: true });
    }
  }
  return json(404, { message: 'unknown emulator control path' });
}

function showRule(rule: FaultRule): Record<string, unknown> {
  const { path, ...rest } = rule;
  return path instanceof RegExp ? { ...rest, pathRegex: path.source } : { ...rest, path };
}
