/** `contradicting-answers`: a request answered more than once, not the same way (docs/internals/diagnoses.md). */
import type { Handshake } from '../../model/handshakes.js';
import { diagnosis, messageEvidence, requestName, type Detector } from './diagnosis.js';
import type { Diagnosis } from '../../model/diagnosis.js';

/** A later request of the same kind between the same two, answered one way only: it was asked again and settled. */
const settledLater = (handshake: Handshake, handshakes: readonly Handshake[]): boolean =>
  handshakes.some(
    (later) =>
      later.kind === handshake.kind &&
      later.from === handshake.from &&
      later.to === handshake.to &&
      later.request !== null &&
      handshake.request !== null &&
      later.request.time > handshake.request.time &&
      later.answers.length > 0 &&
      !later.contradicting,
  );

/** What was found in a list of answered handshakes: it depends on nothing else, so it is worked out once per list. */
const found = new WeakMap<readonly Handshake[], Diagnosis[]>();

export const contradictingAnswers: Detector = {
  kind: 'contradicting-answers',
  detect({ answered }) {
    let diagnoses = found.get(answered);
    if (!diagnoses) found.set(answered, (diagnoses = contradictions(answered)));
    return diagnoses;
  },
};

function contradictions(answered: readonly Handshake[]): Diagnosis[] {
  return answered.flatMap((handshake) => {
    if (!handshake.contradicting || settledLater(handshake, answered)) return [];
    const { answers, from, to, requestId } = handshake;
    const turn = answers.find((answer) => answer.state !== answers[0]!.state)!;
    const said = answers.map((answer) => answer.state).join(', then ');
    return [
      diagnosis('contradicting-answers', `answers:${requestId}`, {
        severity: 'info',
        members: [from, to],
        since: turn.at ?? Number.NaN,
        summary: `${to} answered ${from}'s ${requestName(handshake.kind)} ${requestId} ${answers.length} times: ${said}`,
        action:
          handshake.kind === 'plan_approval'
            ? `tell ${from} in plain text which answer stands: the lead approves a plan on its own, so ${from} may be working on a plan its lead rejected`
            : `tell ${from} in plain text which answer stands`,
        evidence: [
          ...(handshake.request ? [messageEvidence(handshake.request)] : []),
          ...answers.map((answer) => messageEvidence(answer.message)),
        ],
      }),
    ];
  });
}
