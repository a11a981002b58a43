/** The mail a transcript's member took, said for the member's inbox: an inbox fact, which the journal records. */
import { memberOf, type TranscriptTeam } from '../../../core/decode/transcript/member-of.js';
import type { Observation } from '../../../core/model/observation.js';
import type { TakenMail } from '../../../core/model/transcript-facts.js';
import type { Followed } from './owners.js';

/**
 * Says what a slice's facts say of the mail its member's model took, and, once the file is read to its end
 * (`left` 0), that it is followed. Nothing while whose it is is not known; an element with no time is not said.
 */
export function sayMailTaken(
  teams: readonly TranscriptTeam[],
  followed: Followed,
  facts: readonly { readonly kind: string; readonly mail?: TakenMail }[],
  left: number,
  seen: { readonly at: number; readonly live: boolean },
  out: Observation[],
): void {
  const team = teams.find((known) => known.name === followed.owner);
  if (!team) return;
  const member = memberOf(team, followed.file, { meta: followed.meta, identity: followed.follower.decoder.identity });
  if (member === undefined) return;
  // A tmux teammate's spawn prompt came by its inbox (an in-process teammate's by none): mail like any other.
  const inProcess = followed.file.kind === 'subagent';
  const mail: TakenMail[] = [];
  for (const { mail: one } of facts) {
    if (!one || !Number.isFinite(one.at)) continue;
    if (!one.spawn || inProcess) mail.push(one);
    else
      mail.push({
        from: one.from,
        summary: one.summary,
        color: one.color,
        text: one.text,
        at: one.at,
        ...(one.nth ? { nth: one.nth } : {}),
      });
  }
  const caughtUp = left === 0 && !followed.followSaid;
  if (mail.length === 0 && !caughtUp) return;
  if (caughtUp) followed.followSaid = true;
  out.push({ kind: 'mail-taken', team: team.name, member, mail, ...(caughtUp ? { followed: true } : {}), ...seen });
}
