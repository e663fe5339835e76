// The deck's cover (`:cover SOURCE`): its state and actions, apart from its reducer (cover.ts) so
// that the deck's state and action types can name them without importing the reducer. The pages
// are read and planned as `reports cover` plans them (src/api/cover), and the run keeps the same
// journal, so a cover stopped in the deck goes on with `:cover` again or `reports cover --resume`.
import type { PlanCounts, PlanStep } from '../api/cover/plan';

type CoverPhase = 'idle' | 'planning' | 'asking' | 'running' | 'stopping' | 'done' | 'failed';

export interface CoverState {
  phase: CoverPhase;
  /** The cover the effects work on: answers of an older one are dropped. */
  seq: number;
  source: string;
  /** The plan's counts once read (the question says them). */
  counts: PlanCounts | null;
  /** An unfinished cover of the source found in the journal: its steps left are `steps`. */
  resume: CoverResume | null;
  steps: readonly PlanStep[];
  /** Requests answered, of `steps`. */
  answered: number;
  created: number;
  /** The pages the host refused (422), with its words. */
  refused: readonly { url: string; why: string }[];
  failed: number;
  /** Why the plan could not be made, or why the run stopped. */
  error: string | null;
}

export const INITIAL_COVER: CoverState = {
  phase: 'idle',
  seq: 0,
  source: '',
  counts: null,
  resume: null,
  steps: [],
  answered: 0,
  created: 0,
  refused: [],
  failed: 0,
  error: null,
};

interface CoverResume {
  /** The journal's run. */
  run: number;
  started: number;
  /** Its steps, answered or not. */
  total: number;
}

export type CoverAction =
  | { type: 'cover/start'; source: string }
  | { type: 'cover/planned'; seq: number; counts: PlanCounts; steps: readonly PlanStep[]; resume?: CoverResume }
  | { type: 'cover/failed'; seq: number; message: string }
  | { type: 'cover/confirm' }
  | { type: 'cover/cancel' }
  | { type: 'cover/answered'; seq: number; url: string; status: 'done' | 'refused' | 'failed'; detail: string }
  | { type: 'cover/stop' }
  | { type: 'cover/finished'; seq: number; stopped?: string }
  /** Esc on the cover's view: back to where it was opened; during a run, stop it after the request in flight. */
  | { type: 'cover/back' };
