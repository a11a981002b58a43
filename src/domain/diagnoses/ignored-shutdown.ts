/**
 * `ignored-shutdown`: a shutdown request left unanswered while its recipient
 * keeps going idle. The first idle notice after the request may end the turn
 * it arrived in, so it takes two, or one and the request `--stall-after` old.
 * The lead removes idle notices from its inbox within a second: they are
 * counted from the history, not from the file.
 */
import { diagnosis, messageEvidence, messagesEvidence, plural, type Detector } from './diagnosis.js';
import { isPresent } from './facts.js';

export const ignoredShutdown: Detector = {
  kind: 'ignored-shutdown',
  detect(facts) {
    return facts.handshakes.flatMap((handshake) => {
      const { request } = handshake;
      if (handshake.kind !== 'shutdown' || !request || handshake.response || !isPresent(facts, handshake.to)) return [];
      const idle = facts.sentBy(handshake.to).filter((message) => message.kind === 'idle_notification' && message.time > request.time);
      if (idle.length < 2 && !(idle.length === 1 && facts.clock.passed(request.time, facts.stallAfterMs))) return [];
      const { to, from, requestId } = handshake;
      return [
        diagnosis('ignored-shutdown', `handshake:${requestId}`, {
          severity: 'warning',
          members: [to, from],
          since: request.time,
          summary: `${to} has not answered ${from}'s shutdown request ${requestId} and went idle ${plural(idle.length, 'time')} since`,
          action: `send ${to} a plain-text nudge quoting request ${requestId}; teammates often act on text when they ignore the protocol message`,
          evidence: [messageEvidence(request), ...messagesEvidence(idle)],
        }),
      ];
    });
  },
};
