// The request pacer: one per host, shared by every face (and every process, where it can be).
export { createPacer, type Pacer, type PaceStatus } from './pacer';
export { bounded, countUntil, current, DEFAULT_WINDOW_MS, left, lowMark, observe, plan, type PaceState } from './state';
export { databaseStore, memoryStore } from './store';
