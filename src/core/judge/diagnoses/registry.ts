/**
 * Every kind, most specific first: kinds that explain one thing share a subject, and the first to find it is the one said.
 * A new kind is a module with its detector and a line here.
 */
import { apiFailing } from './api-failing.js';
import { contextFull } from './context-full.js';
import { contradictingAnswers } from './contradicting-answers.js';
import type { Detector } from './diagnosis.js';
import type { TeamFacts } from './facts.js';
import { hungTool } from './hung-tool.js';
import { ignoredShutdown } from './ignored-shutdown.js';
import { memberDied } from './member-died.js';
import { misaddressed } from './misaddressed.js';
import { orphanedTask } from './orphaned-task.js';
import { overBudget } from './over-budget.js';
import { permissionRefused } from './permission-refused.js';
import { permissionWaiting } from './permission-waiting.js';
import { stalled } from './stalled.js';
import { staleRequest } from './stale-request.js';
import { startedWhileBlocked } from './started-while-blocked.js';
import { taskUnowned } from './task-unowned.js';
import { toDeparted } from './to-departed.js';
import { transcriptQuiet } from './transcript-quiet.js';
import { unreadPileup } from './unread-pileup.js';
import { zombie } from './zombie.js';
import { type Diagnosis } from '../../model/diagnosis.js';
import { type Idle } from '../../model/idle.js';

const DETECTORS: readonly Detector[] = [
  memberDied,
  apiFailing,
  staleRequest,
  ignoredShutdown,
  stalled,
  misaddressed,
  unreadPileup,
  toDeparted,
  zombie,
  orphanedTask,
  startedWhileBlocked,
  contradictingAnswers,
  permissionWaiting,
  hungTool,
  transcriptQuiet,
  contextFull,
  permissionRefused,
  taskUnowned,
  overBudget,
];

/** Kinds read from transcripts: their words can quote a tool's input, so the journal (facts only) does not record them. */
export const TRANSCRIPT_KINDS: ReadonlySet<string> = new Set(
  [permissionWaiting, hungTool, transcriptQuiet, contextFull].map(({ kind }) => kind),
);

export const DIAGNOSIS_KINDS: readonly string[] = DETECTORS.map((detector) => detector.kind);

const SEVERITY_RANK = { warning: 0, info: 1 } as const;

const KIND_RANK: ReadonlyMap<string, number> = new Map(DIAGNOSIS_KINDS.map((kind, i) => [kind, i]));

/** A diagnosis with what it is sorted by, worked out once: a long run sorts thousands of stalled requests on each stall. */
interface Ranked {
  readonly diagnosis: Diagnosis;
  readonly severity: number;
  readonly since: number;
  readonly kind: number;
}

const ranked = (diagnosis: Diagnosis): Ranked => ({
  diagnosis,
  severity: SEVERITY_RANK[diagnosis.severity],
  since: Number.isNaN(diagnosis.since) ? Number.POSITIVE_INFINITY : diagnosis.since,
  kind: KIND_RANK.get(diagnosis.kind) ?? -1,
});

/** Worst first: warnings, then the longest-standing (unknown since last), then by kind and id. */
const worstFirst = (a: Ranked, b: Ranked): number =>
  a.severity - b.severity ||
  a.since - b.since ||
  a.kind - b.kind ||
  (a.diagnosis.id < b.diagnosis.id ? -1 : a.diagnosis.id > b.diagnosis.id ? 1 : 0);

export interface Judgement {
  /** Worst first. */
  readonly diagnoses: readonly Diagnosis[];
  /** When the diagnoses would change if nothing else did (epoch ms; Infinity: they would not). */
  readonly nextChangeAt: number;
  /** The team has not changed for a day or more (idle.ts): its diagnoses are information. */
  readonly idle?: Idle;
}

/** What is wrong with a team as of `facts.clock`, each thing once, worst first. */
export function diagnose(facts: TeamFacts): Judgement {
  const said = new Set<string>();
  const diagnoses: Diagnosis[] = [];
  for (const detector of DETECTORS) {
    for (const found of detector.detect(facts)) {
      if (said.has(found.subject)) continue;
      said.add(found.subject);
      diagnoses.push(found);
    }
  }
  const order = diagnoses.map(ranked).sort(worstFirst);
  return { diagnoses: order.map((item) => item.diagnosis), nextChangeAt: facts.clock.nextChange };
}
