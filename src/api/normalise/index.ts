export { normaliseChecks } from './checks';
export { normaliseDeleted, normalisePage, normaliseRecordBody } from './page';
export { normaliseReport, normaliseWebsite } from './records';
export { toIsoDate, toPasswordSet } from './values';
