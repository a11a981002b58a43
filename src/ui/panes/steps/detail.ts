import { formatClock, formatWait, toIso } from '../../../core/model/time.js';
import type { MemberView } from '../../../core/select/members.js';
import { namePart, wrap } from '../../widgets/message-detail.js';
import type { Detail } from '../pane.js';
import { fit } from '../../../core/text/fit.js';
import { apiErrorWords, type Step } from '../../../core/model/activity.js';

const KINDS: Readonly<Record<Step['kind'], string>> = {
  tool: 'tool call',
  text: 'text it wrote (its first line)',
  mail: 'mail it took',
  prompt: 'prompt',
  'turn-end': 'turn end',
  'api-error': 'API error',
  compaction: 'compaction',
};

const when = (at: number): string => toIso(at) ?? 'not known';

function stepLines(step: Step, running: boolean): string[] {
  switch (step.kind) {
    case 'tool': {
      const outcome = running ? 'running' : (step.outcome ?? 'no result (its turn ended, or its member stopped, first)');
      return [
        `tool: ${step.name}`,
        step.detail ? `input: ${step.detail}` : 'input: (nothing shown of it)',
        `started: ${when(step.at)}`,
        step.endedAt === null ? '' : `ended: ${when(step.endedAt)} (after ${formatWait(step.endedAt - step.at)})`,
        `outcome: ${outcome}${step.byPerson ? ' (a person answered its permission prompt)' : ''}`,
      ];
    }
    case 'text':
      return [`wrote: ${step.line}`, `at: ${when(step.at)}`];
    case 'mail':
      return [`from: ${step.from}`, step.line ? `says: ${step.line}` : '', `taken: ${when(step.at)}`];
    case 'prompt':
      return [`${step.spawn ? 'spawn prompt' : 'prompt'}: ${step.line}`, `at: ${when(step.at)}`];
    case 'turn-end':
      return [`ended: ${when(step.at)}`, step.durationMs === null ? '' : `the turn took ${formatWait(step.durationMs)}`];
    case 'api-error':
      return [`every try of a model call failed: ${apiErrorWords(step.status, step.error)}`, `the turn ended: ${when(step.at)}`];
    case 'compaction':
      return [
        `the client compacted the conversation${step.trigger === null ? '' : ` (trigger: ${step.trigger})`}`,
        `context: ${tokens(step.preTokens)} tokens before, ${tokens(step.postTokens)} after`,
        step.durationMs === null ? '' : `it took ${formatWait(step.durationMs)}`,
        `at: ${when(step.at)}`,
      ];
  }
}

const tokens = (count: number | null): string => (count === null ? '?' : count.toLocaleString('en'));

export function stepDetail(member: MemberView, step: Step, running: boolean): Detail {
  return {
    lines: (width) => stepLines(step, running).flatMap((line) => (line === '' ? [] : wrap(line, width))),
    facts: (look) => [
      [namePart(look, member.name), { text: ` · ${KINDS[step.kind]}`, dimColor: true }],
      [{ text: `${formatClock(step.at)}`, dimColor: true }, { text: step.kind === 'tool' ? ` · ${fit(step.name, 80)}` : '' }],
    ],
  };
}
