/**
 * `context-full`: a member's newest response filled 80 % of the window the client compacts at (the one a compaction
 * showed, else its model's, said to be assumed): it is about to be compacted and forget its work.
 */
import { formatTokens } from '../../report/format.js';
import { diagnosis, memberEvidence, type Detector } from './diagnosis.js';
import { isPresent } from './facts.js';

/** The share of the window from which a context is nearly full. */
export const CONTEXT_FULL_PERCENT = 80;

export const contextFull: Detector = {
  kind: 'context-full',
  detect(facts) {
    return [...facts.work].flatMap(([name, { contextPercent, contextTokens, contextWindow, contextWindowSource, movedAt }]) => {
      if (contextPercent === null || contextPercent < CONTEXT_FULL_PERCENT || !isPresent(facts, name)) return [];
      const window =
        contextWindow === null
          ? ''
          : contextWindowSource === 'compaction'
            ? ` of the ${formatTokens(contextWindow)} window the client compacts at`
            : ` of its model's ${formatTokens(contextWindow)} window (assumed: the client may compact sooner)`;
      return [
        diagnosis('context-full', `context:${name}`, {
          severity: 'warning',
          members: [name],
          since: movedAt,
          summary: `${name}'s context is ${Math.round(contextPercent)}% full (${contextTokens.toLocaleString('en')} tokens${window})`,
          action: `have ${name} write down where it is and hand over, or compact its session (/compact) at a point of your choosing; a new teammate starts empty`,
          evidence: [memberEvidence(name, movedAt)],
        }),
      ];
    });
  },
};
