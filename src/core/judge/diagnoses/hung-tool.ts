/** `hung-tool`: a tool call running far longer than the member's others of that tool (`overdueAt`, from activity.ts). */
import { diagnosis, memberEvidence, type Detector } from './diagnosis.js';
import { isPresent, type TeamFacts } from './facts.js';

/** Its process cannot be seen (another machine, no /proc): it may be gone, so say how to look, not only how to interrupt. */
function unseenWords(facts: TeamFacts, name: string, tool: string, why: string) {
  const member = facts.members.get(name);
  const pid = member?.pid ?? null;
  const check =
    pid !== null
      ? `check pid ${pid} (ps -p ${pid}) on the machine the team runs on, or run teamtop there`
      : member?.backendType === 'tmux'
        ? `check ${name}'s tmux pane`
        : "check the lead's session";
  const gone = member?.isLead ? "resume the lead's session (claude --resume)" : `spawn ${name} again`;
  return {
    summary: `${name} may be gone: its process cannot be seen, and its ${tool} call has run far longer than its others; ${why}`,
    action: `${check}; if it runs, interrupt the call in ${name}'s session (Esc); if it is gone, ${gone}`,
  };
}

export const hungTool: Detector = {
  kind: 'hung-tool',
  detect(facts) {
    return [...facts.work].flatMap(([name, { activity }]) => {
      const { since, overdueAt } = activity;
      if (activity.state !== 'tool' || since === null || overdueAt === null || !isPresent(facts, name)) return [];
      if (!facts.clock.passed(since, overdueAt - since)) return [];
      const tool = activity.tool ?? 'tool';
      const words = activity.processUnseen
        ? unseenWords(facts, name, tool, activity.processUnseen)
        : {
            summary: `${name}'s ${tool} call has run far longer than its others`,
            action: `look at what ${name} runs: if it hangs, interrupt it in ${name}'s session (Esc), or end the process it started`,
          };
      return [
        diagnosis('hung-tool', `work:${name}`, {
          severity: 'warning',
          members: [name],
          since,
          // The tool only: its input (a command, a path) is the dashboard's to show, as `detail`.
          ...words,
          detail: activity.detail,
          evidence: [memberEvidence(name, since)],
        }),
      ];
    });
  },
};
