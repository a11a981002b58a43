/** `stalled`: a request unanswered for `--stall-after`, both sides still on the team (else it is abandoned). */
import type { Handshake } from '../../model/handshakes.js';
import { diagnosis, messageEvidence, requestName, type Detector } from './diagnosis.js';
import { eachUnanswered, keptFindings, type Finding } from './each-handshake.js';
import { isWaiting, type TeamFacts } from './facts.js';
import { sentToEarlierSelf } from './stale-request.js';
import type { Diagnosis } from '../../model/diagnosis.js';

function action(handshake: Handshake): string {
  const { to, from, requestId } = handshake;
  switch (handshake.kind) {
    case 'permission':
      return `answer ${from}'s permission prompt in ${to}'s session (a tmux teammate's request waits in the lead's pane)`;
    case 'plan_approval':
      return `approve or reject ${from}'s plan in ${to}'s session`;
    case 'sandbox_permission':
      return `allow or deny the host in ${to}'s session`;
    case 'join':
      return `let ${from} in, or turn it away`;
    default:
      return `send ${to} a plain-text nudge quoting request ${requestId}; teammates often act on text when they ignore the protocol message`;
  }
}

/** Worded once per handshake object (the same while its state is): thousands stalled are not worded again as one more stalls. */
const said = new WeakMap<Handshake, Diagnosis>();

function stalledDiagnosis(handshake: Handshake): Diagnosis {
  let known = said.get(handshake);
  if (!known) {
    known = diagnosis('stalled', `handshake:${handshake.requestId}`, {
      severity: 'warning',
      members: [handshake.to, handshake.from],
      since: handshake.agedFrom!,
      summary: `${handshake.to} has not answered ${handshake.from}'s ${requestName(handshake.kind)} ${handshake.requestId}${handshake.fact ? ` (${handshake.fact})` : ''}${isWaiting(handshake.request!) ? `; it is still unread in ${handshake.to}'s inbox` : ''}`,
      action: action(handshake),
      evidence: [messageEvidence(handshake.request!)],
    });
    said.set(handshake, known);
  }
  return known;
}

const kept = keptFindings();

/** Stalled, or not by what the clock cannot change: kept (each-handshake.ts); not stalled yet: undefined, asked again. */
function stalledOne(facts: TeamFacts, handshake: Handshake): Finding {
  if (handshake.request === null || handshake.response !== null || handshake.state === 'abandoned') return null;
  if (!facts.clock.stalled(handshake.agedFrom ?? Number.NaN)) return Number.isFinite(handshake.agedFrom) ? undefined : null;
  return sentToEarlierSelf(facts, handshake) ? null : stalledDiagnosis(handshake);
}

export const stalled: Detector = {
  kind: 'stalled',
  detect: (facts) =>
    eachUnanswered(kept, facts, [facts.members, facts.answered, facts.firstSentAt], (handshake) => stalledOne(facts, handshake)),
};
