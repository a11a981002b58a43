/** `misaddressed`: mail waits for a name on no roster (a typo, an agent type): nobody will read it (docs/internals/diagnoses.md). */
import { closestMatch } from 'leven';
import { diagnosis, inboxEvidence, messagesEvidence, taskIds, unique, type Detector } from './diagnosis.js';
import type { MemberFacts, TeamFacts } from './facts.js';
import { listed, plural } from '../../text/words.js';

type Hint = { readonly type: false; readonly name: string } | { readonly type: true; readonly names: readonly string[] };

/** The words of a name: `team-lead` → team, lead. */
const words = (name: string): string[] => name.toLowerCase().split(/[-_.\s]+/u);

/** Who was meant: the members of that agent type, a member whose name has it as a word, else the nearest name. */
function meant(owner: string, members: readonly MemberFacts[]): Hint | undefined {
  const lower = owner.toLowerCase();
  const ofType = members.filter((member) => member.agentType.toLowerCase() === lower).map((member) => member.name);
  if (ofType.length > 0) return { type: true, names: ofType };
  const names = members.map((member) => member.name);
  const byWord = names.filter((name) => words(name).includes(lower));
  if (byWord.length === 1) return { type: false, name: byWord[0]! };
  const lowered = names.map((name) => name.toLowerCase());
  const nearest = closestMatch(lower, lowered, { maxDistance: lower.length >= 5 ? 2 : 1 });
  return nearest === undefined ? undefined : { type: false, name: names[lowered.indexOf(nearest)]! };
}

/** The members a message could have been meant for: on a roster, still there first. */
function candidates(facts: TeamFacts): MemberFacts[] {
  const known = [...facts.members.values()].filter((member) => member.known);
  const present = known.filter((member) => !member.gone);
  return present.length > 0 ? present : known;
}

/** Who was meant, by owner, for the last few rosters seen. */
const hints = new Map<string, Map<string, Hint | undefined>>();
const ROSTERS_KEPT = 16;

/** Who was meant, kept while the candidates are the same: a change to one inbox looks up that owner only. */
function hinter(members: readonly MemberFacts[]): (owner: string) => Hint | undefined {
  const roster = members.map((member) => `${member.name}\0${member.agentType}`).join('\0');
  let known = hints.get(roster);
  if (!known) {
    if (hints.size >= ROSTERS_KEPT) hints.delete(hints.keys().next().value!);
    hints.set(roster, (known = new Map<string, Hint | undefined>()));
  }
  return (owner) => {
    if (!known.has(owner)) known.set(owner, meant(owner, members));
    return known.get(owner);
  };
}

export const misaddressed: Detector = {
  kind: 'misaddressed',
  detect(facts) {
    // An ended team's inboxes went with its folder: its misaddressed task, if any, is an orphaned one.
    if (!facts.hasRoster || facts.ended) return [];
    const hintFor = hinter(candidates(facts));
    return [...facts.inboxes].flatMap(([owner, inbox]) => {
      if (!inbox.exists || (facts.members.get(owner)?.known ?? true)) return [];
      const { waiting } = inbox;
      if (waiting.length === 0) return [];
      const hint = hintFor(owner);
      const target = !hint ? 'a member on the roster' : hint.type ? listed(hint.names, 'or') : hint.name;
      const tasks = unique(
        waiting.flatMap((message) => {
          const id = message.kind === 'task_assignment' ? message.data?.['taskId'] : undefined;
          return typeof id === 'string' || typeof id === 'number' ? [String(id)] : [];
        }),
      );
      const steps = [
        ...(tasks.length > 0 ? [`set the owner of task ${taskIds(tasks)} to ${target}`] : []),
        ...(waiting.some((message) => message.kind !== 'task_assignment') ? [`send the messages again to ${target}`] : []),
      ];
      const note = !hint
        ? ''
        : hint.type
          ? ` (${owner} is an agent type: ${listed(hint.names)} ${hint.names.length === 1 ? 'is' : 'are'} ${owner})`
          : ` (did you mean ${hint.name}?)`;
      const senders = unique(waiting.map((message) => message.from));
      return [
        diagnosis('misaddressed', `inbox:${owner}`, {
          severity: 'warning',
          members: [owner, ...senders.filter((name) => name !== owner)],
          since: waiting[0]!.time,
          summary: `${plural(waiting.length, 'message')} from ${listed(senders)} ${waiting.length === 1 ? 'waits' : 'wait'} in the inbox of ${owner}, a name on no roster: nobody will read ${waiting.length === 1 ? 'it' : 'them'}${note}`,
          action: `${steps.join(', and ')}${hint?.type ? ': address teammates by name, not by agent type' : ''}`,
          evidence: [inboxEvidence(owner, waiting[0]!.time), ...messagesEvidence(waiting)],
        }),
      ];
    });
  },
};
