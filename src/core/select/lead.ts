/**
 * Which member leads the team: at most one, and only on evidence.
 */
import { maxOf } from '../model/lists.js';
import { isPrintSession, type TeamState } from '../facts/index.js';
import { memoize, memoizeGrowing } from './memo.js';

const LEAD_TYPES = new Set(['team-lead', 'lead', 'coordinator', 'orchestrator']);
/** The name Claude Code gives every team's lead. */
export const CLAUDE_LEAD_NAME = 'team-lead';

/** What teammates send only to their lead. */
const TO_THE_LEAD = new Set(['idle_notification', 'permission_request', 'plan_approval_request', 'sandbox_permission_request']);

/**
 * How many messages of one inbox point at each name as the lead: what
 * teammates send the lead (the inbox's owner got it from someone else), and
 * shutdown requests (only a lead asks a teammate to stop; their sender).
 */
const leadEvidenceIn = memoizeGrowing((messages, start, base: ReadonlyMap<string, number> | undefined): ReadonlyMap<string, number> => {
  let counts: Map<string, number> | undefined;
  const count = (name: string) => (counts ??= new Map(base)).set(name, (counts.get(name) ?? 0) + 1);
  for (let i = start; i < messages.length; i++) {
    const message = messages[i]!;
    if (TO_THE_LEAD.has(message.kind) && message.from !== message.to) count(message.to);
    else if (message.kind === 'shutdown_request') count(message.from);
  }
  return counts ?? base ?? new Map();
});

/** The name the most messages point at as the lead: `team-lead` among equals, else nobody. */
function leadByMessages(inboxes: TeamState['inboxes']): string | undefined {
  const counts = new Map<string, number>();
  for (const inbox of inboxes.values()) for (const [name, n] of leadEvidenceIn(inbox)) counts.set(name, (counts.get(name) ?? 0) + n);
  const most = maxOf(counts.values(), 0);
  const top = [...counts].filter(([, n]) => n === most && n > 0).map(([name]) => name);
  if (top.length === 1) return top[0];
  return top.includes(CLAUDE_LEAD_NAME) ? CLAUDE_LEAD_NAME : undefined;
}

/**
 * The team's lead: at most one, and only on evidence. In order:
 * 1. the config's `leadAgentId`: the roster member with that id, else the name before its `@`;
 * 2. the first roster member whose type is a lead's (`team-lead`, `coordinator`…)
 *    or whose tmux pane is `leader`;
 * 3. without either (no config: a team with only `inboxes/`), the messages: the
 *    name most of them point at as the lead (see leadEvidenceIn), `team-lead`
 *    among equals;
 * 4. a member named `team-lead`, the name Claude Code gives its lead.
 * A name that only looks like a lead's (`lead`, `coordinator`) is no evidence.
 */
export const selectLead = memoize((team: TeamState): string | undefined => {
  // A `claude -p` session has no lead: its inboxes are task owners nobody runs.
  if (isPrintSession(team)) return undefined;
  const roster = [...team.members.values()].map((record) => record.info);
  const leadAgentId = team.config?.leadAgentId;
  if (leadAgentId) return roster.find((info) => info.agentId === leadAgentId)?.name ?? leadAgentId.split('@')[0];
  const declared = roster.find((info) => LEAD_TYPES.has(info.agentType ?? '') || info.tmuxPaneId === 'leader');
  if (declared) return declared.name;
  const byMessages = leadByMessages(team.inboxes);
  if (byMessages !== undefined) return byMessages;
  return team.members.has(CLAUDE_LEAD_NAME) || team.inboxes.has(CLAUDE_LEAD_NAME) ? CLAUDE_LEAD_NAME : undefined;
});
