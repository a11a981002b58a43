/** The per-agent records some team runners keep (`tasks/<team>/<member>/`), and how their figures read on screen. */
import prettyBytes from 'pretty-bytes';
import { lazy } from './lazy.js';
import type { AgentStatus } from './schemas.js';

export interface Artifact {
  readonly name: string;
  readonly size: number;
  readonly kind: 'file' | 'folder' | 'link' | 'other';
}

/** Entries listed at most: a folder of generated files can hold thousands. */
export const MAX_ARTIFACTS = 500;

const compact = lazy(() => new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }));
const whole = lazy(() => new Intl.NumberFormat('en'));

interface AgentFigures {
  /** `12.3K / 100K tokens` against the team's budget. */
  readonly tokens: string | null;
  readonly budgetShare: number | null;
  readonly tasks: string | null;
  /** `avg_response_time` is in seconds. */
  readonly response: string | null;
}

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
          ? `${compact().format(used)} tokens`
          : `${compact().format(used)} / ${compact().format(budget)} tokens`,
    budgetShare: used === undefined || budget === undefined ? null : used / budget,
    tasks: tasks === undefined ? null : `${whole().format(tasks)} task${tasks === 1 ? '' : 's'} done`,
    response: response === undefined ? null : `${response < 10 ? response.toFixed(1) : Math.round(response)} s avg response`,
  };
}

export function figuresLine(figures: AgentFigures): string {
  const tokens =
    figures.tokens && figures.budgetShare !== null ? `${figures.tokens} (${Math.round(figures.budgetShare * 100)}%)` : figures.tokens;
  return [tokens, figures.tasks, figures.response].filter(Boolean).join(' · ');
}

export function formatBytes(bytes: number): string {
  return prettyBytes(bytes);
}
