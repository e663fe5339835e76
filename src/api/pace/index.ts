// The request pacer: one per host, shared by every face (and every process, where it can be).
export { createPacer, DEFAULT_MAX_WAIT_MS, type Pacer, type PacerOptions, type PaceStatus, type Ticket } from './pacer';
export { bounded, lowMark, observe, plan, type Observation, type PaceState, type Plan, type WaitReason } from './state';
export { fileStore, memoryStore, paceDir, type PaceStore } from './store';
