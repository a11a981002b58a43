// Member name → colour name: the same map while no colour changed, so what is drawn with it is not drawn again.
import { memoize } from '../../core/select/memo.js';
import { selectMembers } from '../../core/select/members.js';
import type { TeamState } from '../../core/facts/index.js';
import { keeper } from './keep.js';

const sameColors = (a: ReadonlyMap<string, string | null>, b: ReadonlyMap<string, string | null>): boolean =>
  a.size === b.size && [...a].every(([name, color]) => b.has(name) && b.get(name) === color);
const keepColors = keeper(sameColors);

export const colorsOf = memoize((team: TeamState): ReadonlyMap<string, string | null> => {
  const colors = new Map<string, string | null>();
  for (const member of selectMembers(team)) colors.set(member.name, member.color);
  return keepColors(team.name, 'colors', colors);
});
