// The request pacer: one per host, shared by every face (and every process, where it can be).
export { createPacer, DEFAULT_MAX_WAIT_MS, type Pacer, type PacerOptions, type PaceStatus, type Ticket } from './pacer';
export { bounded, countUntil, current, DEFAULT_WINDOW_MS, left, lowMark, observe, plan, release, type Observation, type PaceState, type Plan, type Seen, type WaitReason } from './state';
export { fileStore, memoryStore, paceDir, paceFile, type PaceStore } from './store';
