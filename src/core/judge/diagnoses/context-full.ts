/** `context-full`: a member's newest response filled 90 % of its model's window: it is about to be compacted and forget its work. */
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
