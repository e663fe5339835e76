// JSON for stdout. JSON.stringify escapes C0 controls (ESC becomes \u001b) but leaves C1 controls,
// bidi overrides and line separators raw, which a terminal would act on when --json is not piped.
// Escaping them too keeps the output exact JSON with the same strings, and inert on any terminal.
import { jsonText } from '../../text/json';

const RAW_IN_JSON = /[\u0080-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function toJson(value: unknown): string {
  return jsonText(value, 2).replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + '\n';
}
