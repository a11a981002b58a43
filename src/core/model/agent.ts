/**
 * The per-agent records some team runners keep beside the task list (the
 * API-spec layout): `tasks/<team>/<member>/task-status.json`, `output.log` and
 * `artifacts/`. What they hold, and how their figures read on screen.
 */
import prettyBytes from 'pretty-bytes';
import type { AgentStatus } from './schemas.js';

/** One entry of an agent's artifacts folder. */
export interface Artifact {
  readonly name: string;
  /** Bytes; 0 for a folder. */
  readonly size: number;
  readonly kind: 'file' | 'folder' | 'link' | 'other';
}

/** Entries listed at most: a folder of generated files can hold thousands. */
export const MAX_ARTIFACTS = 500;

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en');

interface AgentFigures {
  /** `12.3K tokens`, or `12.3K / 100K tokens` against the team's budget. */
  readonly tokens: string | null;
  /** Share of the budget used (0.5 = half), when both are known. */
  readonly budgetShare: number | null;
  /** `3 tasks done`. */
  readonly tasks: string | null;
  /** `1.2 s avg response`: `avg_response_time` is in seconds. */
  readonly response: string | null;
}

/** The figures of an agent's status file, as short phrases (null where it gives none). */
export function agentFigures(status: AgentStatus | null | undefined, budgetTokens: number | undefined): AgentFigures {
  const metrics = status?.metrics;
  const used = metrics?.tokens_used;
  const budget = budgetTokens !== undefined && budgetTokens > 0 ? budgetTokens : undefined;
  const tasks = metrics?.tasks_completed;
  const response = metrics?.avg_response_time;
  return {
    tokens:
      used === undefined
        ? null
        : budget === undefined
          ? `${compact.format(used)} tokens`
          : `${compact.format(used)} / ${compact.format(budget)} tokens`,
    budgetShare: used === undefined || budget === undefined ? null : used / budget,
    tasks: tasks === undefined ? null : `${whole.format(tasks)} task${tasks === 1 ? '' : 's'} done`,
    response: response === undefined ? null : `${response < 10 ? response.toFixed(1) : Math.round(response)} s avg response`,
  };
}

/** One line of an agent's figures: `12.3K / 100K tokens (12%) · 3 tasks done · 1.2 s avg response`. */
export function figuresLine(figures: AgentFigures): string {
  const tokens =
    figures.tokens && figures.budgetShare !== null ? `${figures.tokens} (${Math.round(figures.budgetShare * 100)}%)` : figures.tokens;
  return [tokens, figures.tasks, figures.response].filter(Boolean).join(' · ');
}

/** `4.1 kB`, `12 MB`. */
export function formatBytes(bytes: number): string {
  return prettyBytes(bytes);
}
