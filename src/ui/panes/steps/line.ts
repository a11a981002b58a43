import { formatAge, formatSince, formatWait } from '../../../core/model/time.js';
import { apiErrorWords, type Step } from '../../../core/model/activity.js';
import { formatTokens } from '../../../core/report/format.js';

export type Tone = 'ok' | 'danger' | 'warning' | 'accent' | 'plain' | 'dim';

export interface StepText {
  readonly mark: string;
  readonly markTone: Tone;
  /** Our words before the name (`from `, `prompt: `). */
  readonly label: string;
  /** A tool's name, or who mail came from. */
  readonly name: string;
  readonly nameIs: 'tool' | 'member' | null;
  /** Between the name and the body. */
  readonly between: string;
  /** From the transcript: a call's key input, the first line of a text, mail or prompt. */
  readonly body: string;
  /** Kept whole when the line is cut: how long it took or has run, how it ended. */
  readonly tail: string;
  readonly tailTone: Tone;
}

export interface StepClock {
  readonly now: number;
  /** The call runs still (its process has it open). */
  readonly running: boolean;
  /** Since when a call running counts as far longer than the member's others of its tool. */
  readonly overdueAt: number | null;
  /** The member's process cannot be seen: an overdue call may be a dead one's. */
  readonly unseen?: boolean;
}

const took = (from: number, to: number): string =>
  Number.isFinite(from) && Number.isFinite(to) ? formatWait(Math.max(0, to - from)) : '?';

const PLAIN: Omit<StepText, 'mark' | 'markTone'> = { label: '', name: '', nameIs: null, between: '', body: '', tail: '', tailTone: 'dim' };

type ToolStep = Extract<Step, { kind: 'tool' }>;

function toolText(step: ToolStep, clock: StepClock): StepText {
  const call = { ...PLAIN, name: step.name, nameIs: 'tool' as const, between: step.detail ? ' ' : '', body: step.detail ?? '' };
  if (step.endedAt === null && clock.running) {
    const ran = Number.isFinite(step.at) ? formatSince(Math.max(0, clock.now - step.at)) : '?';
    const overdue = clock.overdueAt !== null && clock.now >= clock.overdueAt;
    if (overdue && clock.unseen)
      return { ...call, mark: '?', markTone: 'warning', tail: ` · ${ran} · process not seen`, tailTone: 'warning' };
    return overdue
      ? { ...call, mark: '▶', markTone: 'danger', tail: ` · ${ran} · far longer than usual`, tailTone: 'danger' }
      : { ...call, mark: '▶', markTone: 'accent', tail: ` · ${ran}`, tailTone: 'plain' };
  }
  const duration = step.endedAt === null ? '' : ` · ${took(step.at, step.endedAt)}`;
  switch (step.outcome) {
    case 'ok':
      return { ...call, mark: '✓', markTone: 'ok', tail: `${duration}${step.byPerson ? ' · approved by a person' : ''}` };
    case 'error':
      return { ...call, mark: '✗', markTone: 'danger', tail: `${duration} · failed`, tailTone: 'danger' };
    case 'denied':
      return {
        ...call,
        mark: '✗',
        markTone: 'warning',
        tail: `${duration} · denied${step.byPerson ? ' by a person' : ''}`,
        tailTone: 'warning',
      };
    default:
      // Its turn ended, or its member stopped, before a result came.
      return { ...call, mark: '·', markTone: 'dim', tail: `${duration} · no result` };
  }
}

export function stepText(step: Step, clock: StepClock): StepText {
  switch (step.kind) {
    case 'tool':
      return toolText(step, clock);
    case 'text':
      return { ...PLAIN, mark: '✎', markTone: 'plain', body: step.line };
    case 'mail':
      return {
        ...PLAIN,
        mark: '✉',
        markTone: 'accent',
        label: 'from ',
        name: step.from,
        nameIs: 'member',
        between: step.line ? ': ' : '',
        body: step.line ?? '',
      };
    case 'prompt':
      return { ...PLAIN, mark: '»', markTone: 'accent', label: step.spawn ? 'spawn prompt: ' : 'prompt: ', body: step.line };
    case 'turn-end':
      return {
        ...PLAIN,
        mark: '■',
        markTone: 'dim',
        label: 'turn ended',
        tail: step.durationMs === null ? '' : ` · ${formatAge(step.durationMs)}`,
      };
    case 'api-error':
      return {
        ...PLAIN,
        mark: '✗',
        markTone: 'danger',
        label: 'API error ',
        body: apiErrorWords(step.status, step.error),
        tail: ' · turn ended',
        tailTone: 'danger',
      };
    case 'compaction': {
      const before = step.preTokens === null ? '?' : formatTokens(step.preTokens);
      const after = step.postTokens === null ? '?' : formatTokens(step.postTokens);
      return {
        ...PLAIN,
        mark: '⇣',
        markTone: 'warning',
        label: 'compacted ',
        body: `${before} → ${after}`,
        tail: step.trigger === null ? '' : ` · ${step.trigger}`,
      };
    }
  }
}
