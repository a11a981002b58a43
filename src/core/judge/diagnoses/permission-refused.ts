/**
 * `permission-refused` (information): a member asked to run a tool and was
 * refused (by a person at the prompt, or by a rule): worth knowing after the
 * run, as the work it was doing went another way, or not at all. Read from
 * the member's transcript, where the tool's result says how it was decided
 * (`permissionDecision`: in process and in tmux alike). Names the tools,
 * never what they were asked to run. Stands while its transcript is read.
 */
import { listed, plural } from '../../text/words.js';
import { diagnosis, memberEvidence, unique, type Detector } from './diagnosis.js';

export const permissionRefused: Detector = {
  kind: 'permission-refused',
  detect(facts) {
    return [...facts.work].flatMap(([name, { refusals }]) => {
      const last = refusals[refusals.length - 1];
      if (!last) return [];
      const people = refusals.filter((refusal) => refusal.byPerson).length;
      const by = people === refusals.length ? ' by a person' : people === 0 ? ' by a rule' : '';
      const tools = listed(unique(refusals.map((refusal) => refusal.tool)));
      return [
        diagnosis('permission-refused', `refused:${name}`, {
          severity: 'info',
          members: [name],
          since: refusals[0]!.at,
          summary: `${name} was refused ${refusals.length === 1 ? `a ${tools} call` : `${plural(refusals.length, 'tool call')} (${tools})`}${by}`,
          action: `see what ${name} did instead (its steps, s); allow the tool in its settings if it should run without asking`,
          evidence: refusals.map((refusal) => memberEvidence(name, refusal.at)),
        }),
      ];
    });
  },
};
