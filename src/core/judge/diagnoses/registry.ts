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
import type { Diagnosis } from '../../model/diagnosis.js';
import type { Idle } from '../../model/idle.js';
import { saidOnce } from './said-once.js';

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

const KIND_RANK: ReadonlyMap<string, number> = new Map(DIAGNOSIS_KINDS.map((kind, i) => [kind, i]));

export interface Judgement {
  /** Worst first. */
  readonly diagnoses: readonly Diagnosis[];
  /** When the diagnoses would change if nothing else did (epoch ms; Infinity: they would not). */
  readonly nextChangeAt: number;
  /** The team has not changed for a day or more (idle.ts): its diagnoses are information. */
  readonly idle?: Idle;
}

/** What is wrong with a team as of `facts.clock`, each thing once, worst first; `before`: the judgement of this version of the team before. */
export function diagnose(facts: TeamFacts, before?: readonly Diagnosis[]): Judgement {
  const found: Diagnosis[] = [];
  for (const detector of DETECTORS) for (const diagnosis of detector.detect(facts)) found.push(diagnosis);
  return { diagnoses: saidOnce(found, before, KIND_RANK), nextChangeAt: facts.clock.nextChange };
}
