/**
 * `hung-tool`: a member's tool call has run far longer than its others of the
 * same tool (activity.ts: past max(60 s, 5 × the 90th percentile of its last
 * calls of it), or past 10 minutes before it has finished three): a hung
 * command, a test run that waits for input, a server started in the
 * foreground. Clears when the call ends or the member's turn does.
 */
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
