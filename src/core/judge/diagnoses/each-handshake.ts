/**
 * A detector's finding on each unanswered handshake, kept with the list: as one request stalls the clock makes the list
 * again with the others in their places, and only the changed ones, and those the clock can still change, are looked at.
 */
import type { Handshake } from '../../model/handshakes.js';
import { sameThresholds, type Thresholds } from '../../model/settings.js';
import type { Diagnosis } from '../../model/diagnosis.js';
import type { TeamFacts } from './facts.js';

/** undefined: the clock can still change it (it is asked again, so the clock notes when). */
export type Finding = Diagnosis | null | undefined;

interface Kept {
  readonly reads: readonly unknown[];
  readonly thresholds: Thresholds;
  readonly at: number;
  readonly list: readonly Handshake[];
  readonly findings: readonly Finding[];
}

export type KeptFindings = WeakMap<object, Kept>;

export const keptFindings = (): KeptFindings => new WeakMap();

/**
 * `find` on each of `facts.unanswered`, in order; a finding is kept while the handshake, `reads` (what else `find` reads
 * of the facts; the first is the key) and the thresholds are the same and the clock does not go back.
 */
export function eachUnanswered(
  kept: KeptFindings,
  facts: TeamFacts,
  reads: readonly [object, ...unknown[]],
  find: (handshake: Handshake) => Finding,
): Diagnosis[] {
  const { now, thresholds } = facts.clock;
  const last = kept.get(reads[0]);
  const valid =
    last !== undefined && sameThresholds(last.thresholds, thresholds) && last.at <= now && last.reads.every((read, i) => read === reads[i]);
  const list = facts.unanswered;
  const findings: Finding[] = new Array<Finding>(list.length);
  const found: Diagnosis[] = [];
  for (let i = 0; i < list.length; i++) {
    const handshake = list[i]!;
    const known = valid && last.list[i] === handshake ? last.findings[i] : undefined;
    const finding = known === undefined ? find(handshake) : known;
    findings[i] = finding;
    if (finding) found.push(finding);
  }
  kept.set(reads[0], { reads, thresholds, at: now, list, findings });
  return found;
}
