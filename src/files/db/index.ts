import { databasePath, type Env } from '../statePaths';
import { openStateDatabase, type StateDatabase } from './open';

export { openStateDatabase, type StateDatabase } from './open';
export { openScratchDatabase, type ScratchDatabase } from './scratch';
export { readPace, updatePace } from './pace';
export { addSearch, readSearches } from './searches';
export { changeAnalyses, readAnalyses, type AnalysisRow } from './history';
export { importOnce } from './importOnce';
export {
  coverSteps,
  finishCoverRun,
  markSending,
  recordAnswer,
  startCoverRun,
  unfinishedCoverRun,
  unfinishedCoverRuns,
  type CoverAction,
  type CoverRun,
  type CoverStep,
} from './journal';
export { databasePath, oldStateFile } from '../statePaths';

/** The profile's state database, opened when first asked for (and then once per process). */
export const profileDatabase =
  (env: Env, profile: string): (() => StateDatabase) =>
  () =>
    openStateDatabase(databasePath(env, profile));
