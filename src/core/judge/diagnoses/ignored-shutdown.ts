/**
 * `ignored-shutdown`: a shutdown request taken but unanswered while its recipient keeps going idle (docs/internals/diagnoses.md).
 * A recipient whose turns since all failed (an API error) or whose process is gone did not ignore it: api-failing and member-died say so.
 */
import { diagnosis, messageEvidence, messagesEvidence, type Detector } from './diagnosis.js';
import { eachUnanswered, keptFindings, type Finding } from './each-handshake.js';
import { cameAt, isPresent, isWaiting, type TeamFacts } from './facts.js';
import type { Handshake } from '../../model/handshakes.js';
import { sentToEarlierSelf } from './stale-request.js';
import { plural } from '../../text/words.js';
import type { Diagnosis } from '../../model/diagnosis.js';

/** Still in its inbox: not taken, so not ignored (stalled says it waits unread). */
const taken = (handshake: Handshake): boolean =>
  handshake.kind === 'shutdown' && handshake.request !== null && handshake.response === null && !isWaiting(handshake.request);

function ignored(facts: TeamFacts, handshake: Handshake): Finding {
  const request = handshake.request!;
  if (!isPresent(facts, handshake.to) || sentToEarlierSelf(facts, handshake)) return null;
  // The transcript's time and the notices' are the client's clock; teamtop's sightings are teamtop's.
  const modelTook = Number.isFinite(request.takenAt);
  const seenTaken = !modelTook && Number.isFinite(request.deliveredAt);
  const takenAt = modelTook ? request.takenAt : seenTaken ? request.deliveredAt : request.time;
  const idle = facts
    .sentBy(handshake.to)
    .filter((message) => message.kind === 'idle_notification' && (seenTaken ? cameAt(message) : message.time) > takenAt);
  // Not idle since: nothing the clock can change (kept); idle once: it is, once the request has stalled.
  if (idle.length === 0) return null;
  if (idle.length < 2 && !facts.clock.stalled(takenAt)) return undefined;
  // Each turn it was woken into failed (an API error): it could not answer, it did not ignore (api-failing).
  if (idle.every((message) => message.data?.['idleReason'] === 'failed')) return undefined;
  const work = facts.work.get(handshake.to)?.activity;
  if (work?.state === 'failing' || work?.state === 'retrying' || work?.state === 'dead') return undefined;
  const { to, from, requestId } = handshake;
  return diagnosis('ignored-shutdown', `handshake:${requestId}`, {
    severity: 'warning',
    members: [to, from],
    since: request.time,
    summary: `${to} has not answered ${from}'s shutdown request ${requestId} and went idle ${plural(idle.length, 'time')} since`,
    action: `send ${to} a plain-text nudge quoting request ${requestId}; teammates often act on text when they ignore the protocol message`,
    evidence: [messageEvidence(request), ...messagesEvidence(idle)],
  });
}

const kept = keptFindings();

export const ignoredShutdown: Detector = {
  kind: 'ignored-shutdown',
  detect(facts) {
    // Nothing is kept (each-handshake.ts); one found is looked at again on every change, as the rest of the facts can change it.
    const found: Diagnosis[] = [];
    const reads = [facts.members, facts.answered, facts.firstSentAt, facts.sentBy, facts.ended] as const;
    eachUnanswered(kept, facts, reads, (handshake) => {
      const finding = taken(handshake) ? ignored(facts, handshake) : null;
      if (finding) found.push(finding);
      return finding === null ? null : undefined;
    });
    return found;
  },
};
