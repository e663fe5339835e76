// The API client: one ofetch instance per host, normalised records, one ApiError type.
export { createClient } from './client';
export { ApiError, isApiError, type ApiErrorInit, type ApiErrorKind, type HostName, type TlsProblem, type Trouble } from './errors';
export { describeError, redact } from './makeError';
export { CA_HINT, hostPhrase } from './messages';
export { maskProxy, proxyFor, proxyHost } from './proxy';
export { normaliseDeleted, normalisePage, normaliseReport, normaliseWebsite, toIsoDate } from './normalise';
export type { AnswerInfo, CallOptions, Client, ClientOptions, ResourceClient } from './types';
export { resolveEndpoint, type Endpoint } from './urls';
export { createPacer, fileStore, memoryStore, paceDir, type Pacer, type PaceStatus } from './pace';
export { readAll, readAllQuery, type ReadAllOptions, type ReadProgress } from './readAll';
