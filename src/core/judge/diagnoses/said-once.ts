/**
 * The detectors' findings, each subject once (the first kind to find it says it), worst first. As the clock stalls one more
 * request of thousands, the order of the moment before is kept and only the new findings are placed in it.
 */
import type { Diagnosis } from '../../model/diagnosis.js';

const SEVERITY_RANK = { warning: 0, info: 1 } as const;

/** A diagnosis with what it is sorted by. */
interface Ranked {
  readonly diagnosis: Diagnosis;
  readonly severity: number;
  readonly since: number;
  readonly kind: number;
}

const ranked = (diagnosis: Diagnosis, kinds: ReadonlyMap<string, number>): Ranked => ({
  diagnosis,
  severity: SEVERITY_RANK[diagnosis.severity],
  since: Number.isNaN(diagnosis.since) ? Number.POSITIVE_INFINITY : diagnosis.since,
  kind: kinds.get(diagnosis.kind) ?? -1,
});

/** Worst first: warnings, then the longest-standing (unknown since last), then by kind and id (ids are one a subject). */
const worstFirst = (a: Ranked, b: Ranked): number =>
  a.severity - b.severity ||
  a.since - b.since ||
  a.kind - b.kind ||
  (a.diagnosis.id < b.diagnosis.id ? -1 : a.diagnosis.id > b.diagnosis.id ? 1 : 0);

/** What an order was made of: every finding, in the detectors' order, and the subjects said. Taken over by the next order. */
const madeOf = new WeakMap<readonly Diagnosis[], { readonly found: readonly Diagnosis[]; readonly said: Set<string> }>();

/** The findings of `found` not in `before`, if `before` is in it in order (nothing gone); else undefined. */
function addedTo(before: readonly Diagnosis[], found: readonly Diagnosis[]): Diagnosis[] | undefined {
  const added: Diagnosis[] = [];
  let i = 0;
  for (const diagnosis of found) {
    if (i < before.length && before[i] === diagnosis) i++;
    else added.push(diagnosis);
  }
  return i === before.length ? added : undefined;
}

function placed(order: readonly Diagnosis[], added: readonly Diagnosis[], kinds: ReadonlyMap<string, number>): Diagnosis[] {
  const placing = added.map((diagnosis) => ranked(diagnosis, kinds)).sort(worstFirst);
  const result: Diagnosis[] = [];
  let next = 0;
  for (const item of placing) {
    let low = next;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (worstFirst(ranked(order[middle]!, kinds), item) < 0) low = middle + 1;
      else high = middle;
    }
    while (next < low) result.push(order[next++]!);
    result.push(item.diagnosis);
  }
  while (next < order.length) result.push(order[next++]!);
  return result;
}

/** `found` (in the detectors' order, `kinds` their ranks) each subject once, worst first; `before`: the order made just before. */
export function saidOnce(
  found: readonly Diagnosis[],
  before: readonly Diagnosis[] | undefined,
  kinds: ReadonlyMap<string, number>,
): Diagnosis[] {
  const last = before && madeOf.get(before);
  if (before && last) {
    madeOf.delete(before);
    const added = addedTo(last.found, found);
    // Each new one says a subject nobody said: the rest say what they said before.
    if (added?.every((diagnosis) => !last.said.has(diagnosis.subject) && last.said.add(diagnosis.subject))) {
      const order = added.length === 0 ? before : placed(before, added, kinds);
      madeOf.set(order, { found, said: last.said });
      return order as Diagnosis[];
    }
  }
  const said = new Set<string>();
  const once = found.filter((diagnosis) => !said.has(diagnosis.subject) && said.add(diagnosis.subject));
  const order = once
    .map((diagnosis) => ranked(diagnosis, kinds))
    .sort(worstFirst)
    .map((item) => item.diagnosis);
  madeOf.set(order, { found, said });
  return order;
}
