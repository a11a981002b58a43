/** `hung-tool`: a tool call running far longer than the member's others of that tool (`overdueAt`, from activity.ts). */
import { diagnosis, memberEvidence, type Detector } from './diagnosis.js';
import { isPresent } from './facts.js';

export const hungTool: Detector = {
  kind: 'hung-tool',
  detect(facts) {
    return [...facts.work].flatMap(([name, { activity }]) => {
      const { since, overdueAt } = activity;
      if (activity.state !== 'tool' || since === null || overdueAt === null || !isPresent(facts, name)) return [];
      if (!facts.clock.passed(since, overdueAt - since)) return [];
      return [
        diagnosis('hung-tool', `work:${name}`, {
          severity: 'warning',
          members: [name],
          since,
          // The tool only: its input (a command, a path) is the dashboard's to show, as `detail`.
          summary: `${name}'s ${activity.tool ?? 'tool'} call has run far longer than its others`,
          detail: activity.detail,
          action: `look at what ${name} runs: if it hangs, interrupt it in ${name}'s session (Esc), or end the process it started`,
          evidence: [memberEvidence(name, since)],
        }),
      ];
    });
  },
};
