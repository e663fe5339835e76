// What `sitedeck api` takes for METHOD and --host: light, for the command's definition and completion.
import type { HostName } from '../api/errors';
import type { RawMethod } from '../api/raw';

export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const satisfies readonly RawMethod[];
export const API_HOSTS = ['analytics', 'seo'] as const satisfies readonly HostName[];
