/** A member that leaves and comes back (2.1.330 brings an in-process teammate back when messaged) is one name with a second stay. */

export interface RosterStay {
  readonly joinedAt: number;
  readonly leftAt: number;
}

/**
 * Listed before: the same stay, unless `joinedAt` changed (it left and came back between two reads). Seen
 * leaving: a new stay, unless `joinedAt` is the one it left with (a config that briefly left it out).
 */
export function listed(stays: readonly RosterStay[], joinedAt: number, wasListed: boolean): readonly RosterStay[] {
  const last = stays[stays.length - 1];
  const stay = { joinedAt, leftAt: Number.NaN };
  if (!last) return [stay];
  const before = stays.slice(0, -1);
  if (wasListed) {
    // A config that does not say when it joined says nothing new.
    if (Object.is(joinedAt, last.joinedAt) || Number.isNaN(joinedAt)) return stays;
    return Number.isNaN(last.joinedAt) ? [...before, stay] : [...stays, stay];
  }
  if (!Number.isNaN(joinedAt) && joinedAt === last.joinedAt) return [...before, { joinedAt, leftAt: Number.NaN }];
  return [...stays, stay];
}

/** `at`: NaN when not seen as it happened. */
export function unlisted(stays: readonly RosterStay[], at: number): readonly RosterStay[] {
  const last = stays[stays.length - 1];
  if (!last || !Number.isNaN(last.leftAt)) return stays;
  return [...stays.slice(0, -1), { joinedAt: last.joinedAt, leftAt: at }];
}

export const currentStay = (stays: readonly RosterStay[]): RosterStay | undefined => stays[stays.length - 1];
