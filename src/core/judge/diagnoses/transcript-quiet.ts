/** `transcript-quiet`: a member working by its status whose transcript has not moved for `--quiet-after` (a hung call, a dead process). */
import { diagnosis, memberEvidence, type Detector } from './diagnosis.js';
import { isPresent } from './facts.js';

export const transcriptQuiet: Detector = {
  kind: 'transcript-quiet',
  detect(facts) {
    return [...facts.work].flatMap(([name, { activity, movedAt }]) => {
      const member = facts.members.get(name);
      if (member?.status !== 'working' || !isPresent(facts, name) || activity.state === 'idle') return [];
      if (activity.state === 'tool' || activity.state === 'waiting-permission') return [];
      // Its process is gone, or its model calls fail: member-died and api-failing say so.
      if (activity.state === 'dead' || activity.state === 'failing') return [];
      if (!facts.clock.quiet(movedAt)) return [];
      return [
        diagnosis('transcript-quiet', `work:${name}`, {
          severity: 'warning',
          members: [name],
          since: movedAt,
          summary: `${name} is working, but its transcript has stopped moving`,
          action: `check that ${name}'s process is alive (tmux: its pane; in-process: the lead's session) and interrupt it if its model call hangs`,
          evidence: [memberEvidence(name, movedAt)],
        }),
      ];
    });
  },
};
