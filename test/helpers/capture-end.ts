import { maxOf } from '../../src/core/model/lists.js';
import { toEpoch } from '../../src/core/model/time.js';
import type { TeamState } from '../../src/core/facts/index.js';

/** The newest instant a team's files name: when a capture of it was taken, as near as its files say. */
export function endOf(team: TeamState): number {
  const times = [
    toEpoch(team.config?.createdAt),
    ...[...team.members.values()].map((member) => toEpoch(member.info.joinedAt)),
    ...[...team.inboxes.values()].flatMap((inbox) => inbox.messages.map((message) => message.time)),
  ].filter(Number.isFinite);
  return maxOf(times);
}
