// The API client: one ofetch instance per host, normalised records, one ApiError type.
export { createClient } from './client';
export { ApiError, isApiError } from './errors';
export type { ClientOptions } from './types';
export { type PaceStatus } from './pace';
export { readAll } from './readAll';
