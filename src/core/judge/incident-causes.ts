import { selectGone } from '../select/handshakes.js';
import { selectPairings } from '../select/pairings.js';
import type { TeamState } from '../facts/index.js';
import type { Incident } from '../model/diagnosis.js';

const gone = (team: TeamState, name: string): boolean => selectGone(team).has(name);
const listed = (team: TeamState, name: string): boolean => team.members.get(name)?.inConfig === true;

/** Why `incident`, standing on `before`, is not said of `after`. */
export function whyCleared(incident: Incident, before: TeamState, after: TeamState): string {
  if (!after.present) return 'team ended';
  const [kind, ...rest] = incident.subject.split(':');
  const about = rest.join(':');
  if (kind === 'handshake' || kind === 'answers') {
    const pairing = selectPairings(after.inboxes).find((candidate) => candidate.requestId === about);
    if (pairing?.response && kind === 'handshake') return 'answered';
  }
  const [first] = incident.members;
  // A misaddressed inbox's owner is on no roster: it cannot leave, only join it, or its mail be taken.
  if (kind === 'inbox') return first !== undefined && listed(after, first) && !listed(before, first) ? 'member joined' : 'mail taken';
  if (first !== undefined) {
    if (gone(after, first) && !gone(before, first)) return 'member left';
    if (gone(before, first) && !gone(after, first)) return 'member came back';
    if (listed(after, first) && !listed(before, first)) return 'member joined';
  }
  if (kind === 'mail' || kind === 'member') return 'mail taken';
  if (kind === 'task' || kind === 'order') return 'task changed';
  return 'no longer seen';
}
