/**
 * `over-budget`: the team has spent BUDGET_NOTE_SHARE of its budget (`--budget`
 * or the config's `budget`: a note) or all of it (a warning), as its members'
 * transcripts count it, naming the member that spent most. Its words change
 * only as a share is crossed, not with every response: the figures are on the
 * dashboard (the header's cost) and in `--json`.
 */
import { BUDGET_NOTE_SHARE } from '../../model/settings.js';
import { diagnosis, memberEvidence, type Detector } from './diagnosis.js';

const dollars = (amount: number): string => `$${amount.toFixed(2)}`;

export const overBudget: Detector = {
  kind: 'over-budget',
  detect({ budget, spending }) {
    if (budget === null || spending.team === null || spending.team < budget * BUDGET_NOTE_SHARE) return [];
    const over = spending.team >= budget;
    let most: string | undefined;
    for (const [member, spent] of spending.members) if (most === undefined || spent > spending.members.get(most)!) most = member;
    const share = over ? 'all of' : `${Math.round(BUDGET_NOTE_SHARE * 100)}% of`;
    const members = most === undefined ? [] : [most];
    return [
      diagnosis('over-budget', 'budget', {
        severity: over ? 'warning' : 'info',
        members,
        since: Number.NaN,
        summary: `the team has spent ${share} its ${dollars(budget)} budget${most === undefined ? '' : `, most of it by ${most}`}`,
        detail: `${dollars(spending.team)} so far${most === undefined ? '' : `; ${most}: ${dollars(spending.members.get(most)!)}`}`,
        action: over
          ? `stop or shut down the members you can spare (${most ?? 'the one spending most'} first), or raise --budget`
          : `see what ${most ?? 'each member'} is doing (s); the warning comes at ${dollars(budget)}`,
        evidence: members.map((name) => memberEvidence(name, Number.NaN)),
      }),
    ];
  },
};
