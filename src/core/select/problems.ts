/**
 * What could not be read, and why.
 */
import type { AppState, Problem } from '../facts/state.js';
import { memoize } from './memo.js';

/** Every problem, the newest first: it is the one the user has not seen yet. */
export const selectProblems = memoize((problems: AppState['problems']): readonly Problem[] =>
  [...problems.values()].sort((a, b) => b.since - a.since || a.path.localeCompare(b.path)),
);
