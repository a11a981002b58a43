/** The live page's member cards: status, what each does now, its figures and its newest mail. */
import type { TeamState } from '../../core/facts/index.js';
import { verdictOf } from '../../core/decode/protocol.js';
import { apiErrorWords, type ActivityNow } from '../../core/model/activity.js';
import { isUnread, type InboxMessage } from '../../core/model/inbox.js';
import type { MemberUsage } from '../../core/model/usage.js';
import { formatCost, formatTokens } from '../../core/report/format.js';
import { xmlText } from '../../core/report/xml.js';
import type { MemberView } from '../../core/select/members.js';
import { selectActivity, selectUsage } from '../../core/select/work.js';
import { age, clock, colorClass, counted, none, text, who, word, type SectionOptions } from './html-text.js';
/** Cards drawn; the rest are counted. */
export const CARDS_SHOWN = 60;
/** Each card's newest messages. */
export const MAIL_SHOWN = 8;

/** What a member does now: `▶ Bash npm test · 42s`; the tool alone when inputs are not shown. */
function activityLine(activity: ActivityNow | undefined, options: SectionOptions): string {
  if (!activity) return '';
  const since = age(activity.since, options.now);
  const tail = since ? ` · ${since}` : '';
  const call = [activity.tool, options.showInputs ? activity.detail : null].filter((part): part is string => Boolean(part)).join(' ');
  const more = activity.openCalls > 1 ? ` (+${activity.openCalls - 1})` : '';
  switch (activity.state) {
    case 'tool':
      if (activity.overdue && activity.processUnseen)
        return `<p class="doing warning">? ${text(call, 80)}${more}${tail} · process not seen: ${text(activity.processUnseen, 80)}</p>`;
      return activity.overdue
        ? `<p class="doing danger">▶ ${text(call, 80)}${more}${tail} · far longer than usual</p>`
        : `<p class="doing">▶ ${text(call, 80)}${more}${tail}</p>`;
    case 'waiting-permission':
      return `<p class="doing warning">‖ permission? ${text(call, 80)}${tail}</p>`;
    case 'thinking':
      return `<p class="doing">… thinking${tail}</p>`;
    case 'writing':
      return `<p class="doing">✎ writing${tail}</p>`;
    case 'retrying':
      return `<p class="doing warning">↻ retrying (try ${activity.retry?.tries ?? 2})${tail}</p>`;
    case 'failing':
      return activity.failure
        ? `<p class="doing danger">✗ API error ${text(apiErrorWords(activity.failure.status, activity.failure.error), 80)} · ${activity.failure.turns} turn${activity.failure.turns === 1 ? '' : 's'} in a row${tail}</p>`
        : '';
    case 'dead':
      return `<p class="doing danger">✗ dead: its process is gone${tail}</p>`;
    default:
      return '';
  }
}

/** Context, cost, tokens: a meter and a line. */
function usageLines(usage: MemberUsage | null | undefined): string {
  if (!usage) return '';
  const percent = usage.contextPercent;
  const tone = percent === null || percent < 80 ? '' : percent < 90 ? ' warning' : ' danger';
  const meter =
    percent === null
      ? ''
      : `<meter min="0" max="100" low="80" high="90" optimum="0" value="${Math.min(100, Math.max(0, percent))}"></meter>`;
  const window =
    usage.contextWindow === null || usage.contextWindow === undefined
      ? ''
      : ` of ${formatTokens(usage.contextWindow)}${usage.contextWindowSource === 'compaction' ? '' : '?'}`;
  const context = `ctx ${formatTokens(usage.contextTokens)}${percent === null ? '' : ` ${Math.round(percent)}%${window}`}`;
  const cache = usage.cacheReadTokens + usage.cacheCreationTokens > 0;
  const figures = [
    `<span class="cost">${xmlText(formatCost(usage))}</span>`,
    `${formatTokens(usage.inputTokens)} in`,
    `${formatTokens(usage.outputTokens)} out`,
    cache ? `cache ${formatTokens(usage.cacheReadTokens)}/${formatTokens(usage.cacheCreationTokens)}` : '',
  ].filter(Boolean);
  return `<p class="usage${tone}"><span class="ctx">${context}</span>${meter}</p><p class="usage">${figures.join(' · ')}</p>`;
}

type Tone = 'plain' | 'quiet' | 'request' | 'yes' | 'no';

/** How a message reads at a glance (as the dashboard tells it): requests stand out, answers say yes or no. */
function toneOf(message: InboxMessage): Tone {
  if (!message.data) return 'plain';
  if (message.kind === 'idle_notification') return 'quiet';
  if (message.kind.endsWith('_request')) return 'request';
  const verdict = verdictOf(message.data);
  return verdict === true ? 'yes' : verdict === false ? 'no' : 'plain';
}

function mailLines(messages: readonly InboxMessage[], colors: ReadonlyMap<string, string | null>): string {
  if (messages.length === 0) return '<p class="none">no mail</p>';
  const shown = messages.slice(-MAIL_SHOWN).reverse();
  const rows = shown.map((message) => {
    const unread = isUnread(message);
    const summary = !message.data && message.summary ? `<b>${text(message.summary, 60)}</b> · ` : '';
    return (
      `<li class="${toneOf(message)}${unread ? ' unread' : ''}">` +
      `<time>${xmlText(clock(message.time))}</time> <span class="mark" title="${unread ? 'unread' : 'read'}">${unread ? '●' : '○'}</span> ` +
      `${who(message.from, colors.get(message.from) ?? message.color)} ${summary}<span class="text">${text(message.text)}</span></li>`
    );
  });
  const more = messages.length > shown.length ? `<p class="muted">${counted(messages.length - shown.length, 'older message')}</p>` : '';
  return `<ol class="mail">${rows.join('')}</ol>${more}`;
}

function card(
  member: MemberView,
  team: TeamState,
  activity: ActivityNow | undefined,
  usage: MemberUsage | null | undefined,
  colors: ReadonlyMap<string, string | null>,
  options: SectionOptions,
): string {
  const role = member.isLead ? 'lead' : member.agentType;
  const facts = [role, member.model ?? '', member.backendType ?? ''].filter(Boolean).map((fact) => text(fact, 40));
  const unread = member.unread > 0 ? `<span class="unread-count">${counted(member.unread, 'unread')}</span>` : '';
  const statusSince = age(Number.isNaN(member.statusSince) ? null : member.statusSince, options.now);
  const messages = team.inboxes.get(member.name)?.messages ?? [];
  return (
    `<article class="card ${colorClass(member.color)}${member.departed ? ' departed' : ''}">` +
    `<header><h3>${text(member.name, 40)}</h3><span class="status s-${word(member.status)}">${xmlText(member.status)}${statusSince ? ` ${statusSince}` : ''}</span>${unread}</header>` +
    `<p class="muted">${facts.join(' · ')}</p>` +
    activityLine(activity, options) +
    usageLines(usage) +
    `<h4>mail</h4>${mailLines(messages, colors)}` +
    `</article>`
  );
}

export function membersSection(team: TeamState | undefined, members: readonly MemberView[], options: SectionOptions): string {
  if (!team) return '';
  if (members.length === 0) return none('No members yet.');
  const activity = selectActivity(team, options.now);
  const usage = selectUsage(team).members;
  const colors = new Map(members.map((member) => [member.name, member.color]));
  const shown = members.slice(0, CARDS_SHOWN);
  const cards = shown.map((member) => card(member, team, activity.get(member.name), usage.get(member.name), colors, options));
  const more = members.length > shown.length ? `<p class="muted">and ${counted(members.length - shown.length, 'more member')}</p>` : '';
  return `<div class="cards">${cards.join('')}</div>${more}`;
}
