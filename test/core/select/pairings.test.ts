import { describe, expect, it } from 'vitest';
import { takesPartInHandshake } from '../../../src/core/model/handshakes.js';
import type { InboxMessage } from '../../../src/core/model/inbox.js';
import { pairHandshakes } from '../../../src/core/model/pairing.js';
import { selectPairings } from '../../../src/core/select/pairings.js';
import { at, message, observe, teamState } from '../../helpers/observations.js';
import type { AppState } from '../../../src/core/app-state.js';

const pairingsOf = (state: AppState) => selectPairings(state.teams.get('team')!.inboxes);

/** Every handshake message of the team, paired from scratch. */
function fromScratch(state: AppState) {
  const all: InboxMessage[] = [];
  for (const inbox of state.teams.get('team')!.inboxes.values()) all.push(...inbox.messages.filter(takesPartInHandshake));
  return pairHandshakes(all);
}

describe('pairings folded on as the mail grows', () => {
  it('pair as all the mail paired again would, whatever order the messages come in', () => {
    // To each inbox: what it receives, at the second its file changes.
    const steps: [member: string, InboxMessage, seconds: number][] = [
      ['team-lead', message('team-lead', 'worker', { type: 'plan_approval_request', requestId: 'p1', plan: 'x' }, 1), 1],
      ['worker', message('worker', 'team-lead', { type: 'plan_approval_response', requestId: 'p1', approve: true }, 2), 2],
      // An answer before its request: an orphan, then paired.
      ['worker', message('worker', 'team-lead', { type: 'shutdown_response', requestId: 's1', approve: true }, 3), 3],
      ['team-lead', message('team-lead', 'worker', { type: 'shutdown_request', requestId: 's1', reason: 'done' }, 4), 4],
      // A second answer, then one stamped before what is known (it must be sorted in, not appended).
      ['worker', message('worker', 'team-lead', { type: 'plan_approval_response', requestId: 'p1', approve: false }, 5), 5],
      ['team-lead', message('team-lead', 'worker', { type: 'permission_request', request_id: 'q1', tool_name: 'Bash' }, 0.5), 6],
      ['worker', message('worker', 'team-lead', { type: 'permission_response', request_id: 'q1', approve: true }, 7), 7],
      ['worker', message('worker', 'team-lead', { type: 'plan_approval_request', requestId: 'p2', plan: 'y' }, 8), 8],
    ];
    let state = teamState();
    const sent = new Map<string, InboxMessage[]>();
    for (const [member, sentNow, seconds] of steps) {
      const messages = [...(sent.get(member) ?? []), sentNow];
      sent.set(member, messages);
      state = observe(state, { kind: 'inbox', team: 'team', member, messages, at: at(seconds), live: true });
      expect(pairingsOf(state)).toEqual(fromScratch(state));
    }
    expect(pairingsOf(state).map((pairing) => [pairing.requestId, pairing.responses.length])).toEqual([
      ['q1', 1],
      ['p1', 2],
      ['s1', 1],
      ['p2', 0],
    ]);
  });

  it('keeps the pairing of a handshake the new mail does not touch, so what was judged of it is kept', () => {
    const ask = message('team-lead', 'worker', { type: 'plan_approval_request', requestId: 'p1', plan: 'x' }, 1);
    const yes = message('worker', 'team-lead', { type: 'plan_approval_response', requestId: 'p1', approve: true }, 2);
    let state = observe(
      teamState(),
      { kind: 'inbox', team: 'team', member: 'team-lead', messages: [ask], at: at(1), live: true },
      { kind: 'inbox', team: 'team', member: 'worker', messages: [yes], at: at(2), live: true },
    );
    const [answered] = pairingsOf(state);
    const later = message('team-lead', 'worker', { type: 'shutdown_request', requestId: 's1', reason: 'done' }, 3);
    state = observe(state, { kind: 'inbox', team: 'team', member: 'team-lead', messages: [ask, later], at: at(3), live: true });
    expect(pairingsOf(state)).toHaveLength(2);
    expect(pairingsOf(state)[0]).toBe(answered);
  });
});
