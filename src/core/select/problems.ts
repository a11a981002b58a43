import type { Facts, Problem } from '../facts/index.js';
import { memoize } from './memo.js';

/** Every problem, the newest first: it is the one the user has not seen yet. */
export const selectProblems = memoize((problems: Facts['problems']): readonly Problem[] =>
  [...problems.values()].sort((a, b) => b.since - a.since || a.path.localeCompare(b.path)),
);
