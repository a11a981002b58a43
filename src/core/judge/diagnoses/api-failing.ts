/**
 * `api-failing`: a member's last turn ended in an API error: the client
 * tried the model call (five times with CLAUDE_CODE_MAX_RETRIES=4) and gave
 * up, writing its own error record. A message to it only starts another turn
 * that fails the same way, so what to do is the API's to fix: the status
 * says which (an outage, a rate limit or quota, credentials, a model name).
 * Clears once a model call of its succeeds.
 */
import { apiErrorWords } from '../../model/activity.js';
import { plural } from '../../text/words.js';
import { diagnosis, memberEvidence, type Detector } from './diagnosis.js';
import { isPresent } from './facts.js';

/** What the status says to do. Never to write to the member: that only fails again. */
function actionFor(name: string, status: number | null, model: string | null): string {
  const wait = `each message ${name} is sent starts another turn that fails the same way: hold them until the API answers`;
  if (status === 429)
    return `a rate limit or your plan's quota: wait for it to reset (or raise it), check your usage in the console; ${wait}`;
  if (status === 401 || status === 403) return `the API refuses ${name}'s credentials: check its API key or log in again (/login); ${wait}`;
  if (status === 400 || status === 404)
    return `the API refuses the request: check the model name${model === null ? '' : ` (${model})`} and ${name}'s settings; ${wait}`;
  if (status === 413) return `the request is too large for the API: compact ${name}'s session (/compact) or start it anew; ${wait}`;
  return `the API fails or is overloaded: check status.anthropic.com and wait; ${wait}`;
}

export const apiFailing: Detector = {
  kind: 'api-failing',
  detect(facts) {
    return [...facts.work].flatMap(([name, { activity }]) => {
      const { failure } = activity;
      if (!failure || (activity.state !== 'failing' && activity.state !== 'retrying') || !isPresent(facts, name)) return [];
      const since = failure.since ?? Number.NaN;
      const again = activity.state === 'retrying' ? '; it is trying again now' : '';
      return [
        diagnosis('api-failing', `api:${name}`, {
          severity: 'warning',
          members: [name],
          since,
          summary: `${name}'s model calls fail: API error ${apiErrorWords(failure.status, failure.error)}, ${plural(failure.turns, 'turn')} in a row${again}`,
          action: actionFor(name, failure.status, facts.members.get(name)?.model ?? null),
          evidence: [memberEvidence(name, failure.at ?? since)],
        }),
      ];
    });
  },
};
