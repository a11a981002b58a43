/**
 * `context-full`: a member's newest response was given 90% or more of its
 * model's context window (its input, cache reads and cache writes): it is
 * about to be compacted, and to forget what it was doing. Clears when a later
 * response is given less (after a compaction). Only where the window is known.
 */
import { diagnosis, memberEvidence, type Detector } from './diagnosis.js';
import { isPresent } from './facts.js';

/** The share of the window from which a context is nearly full. */
export const CONTEXT_FULL_PERCENT = 90;

export const contextFull: Detector = {
  kind: 'context-full',
  detect(facts) {
    return [...facts.work].flatMap(([name, { contextPercent, contextTokens, movedAt }]) => {
      if (contextPercent === null || contextPercent < CONTEXT_FULL_PERCENT || !isPresent(facts, name)) return [];
      return [
        diagnosis('context-full', `context:${name}`, {
          severity: 'warning',
          members: [name],
          since: movedAt,
          summary: `${name}'s context is ${Math.round(contextPercent)}% full (${contextTokens.toLocaleString('en')} tokens)`,
          action: `have ${name} write down where it is and hand over, or compact its session (/compact); a new teammate starts empty`,
          evidence: [memberEvidence(name, movedAt)],
        }),
      ];
    });
  },
};
