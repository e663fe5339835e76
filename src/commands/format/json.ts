// JSON for stdout: exact JSON with the same strings, inert on any terminal when --json is not piped
// (src/text/json.ts escapes what JSON.stringify leaves raw).
import { inertJsonText } from '../../text/json';

export function toJson(value: unknown): string {
  return inertJsonText(value, 2) + '\n';
}
