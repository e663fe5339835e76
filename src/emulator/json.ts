// JSON as PHP's json_encode writes it by default: "/" as "\/" and non-ASCII as \uXXXX. Clients
// must cope with both spellings, so the emulator uses the server's.
import { jsonText } from '../text/json';

const ESCAPES = /[\u0080-\uffff]|\//g;

export function phpJson(value: unknown): string {
  return jsonText(value).replace(ESCAPES, (c) => (c === '/' ? '\\/' : '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')));
}
