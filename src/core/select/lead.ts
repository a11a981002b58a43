import { maxOf } from '../model/lists.js';
import { isPrintSession, type TeamState } from '../facts/index.js';
import { memoize, memoizeGrowing } from './memo.js';

const LEAD_TYPES = new Set(['team-lead', 'lead', 'coordinator', 'orchestrator']);
export const CLAUDE_LEAD_NAME = 'team-lead';

const TO_THE_LEAD = new Set(['idle_notification', 'permission_request', 'plan_approval_request', 'sandbox_permission_request']);

/** Per inbox, how many messages point at each name as the lead: what teammates send only their lead, and shutdown requests' senders. */
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
 * The team's lead, only on evidence: the config's `leadAgentId`, else a roster member of a lead's type or in tmux pane `leader`,
 * else (no config) the name most messages point at, else a member named `team-lead`. A lead-like name alone is no evidence.
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
