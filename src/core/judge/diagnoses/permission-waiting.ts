/** `permission-waiting`: a call in the lead's process waits on a permission prompt for `--stall-after` (docs/internals/diagnoses.md). */
import { diagnosis, memberEvidence, type Detector } from './diagnosis.js';
import { isPresent } from './facts.js';

export const permissionWaiting: Detector = {
  kind: 'permission-waiting',
  detect(facts) {
    return [...facts.work].flatMap(([name, { activity, inLeadProcess }]) => {
      const { since } = activity;
      if (activity.state !== 'waiting-permission' || !inLeadProcess || since === null || !isPresent(facts, name)) return [];
      if (!facts.clock.stalled(since)) return [];
      return [
        diagnosis('permission-waiting', `work:${name}`, {
          severity: 'warning',
          members: [name],
          since,
          // The tool only: its input (a command, a path) is the dashboard's to show, as `detail`.
          summary: `${name} waits for a permission nobody gave: ${activity.tool ?? 'a tool call'}`,
          detail: activity.detail,
          action: `answer the permission prompt in the lead's terminal (in-process teammates ask there), or allow the tool in the settings`,
          evidence: [memberEvidence(name, since)],
        }),
      ];
    });
  },
};
