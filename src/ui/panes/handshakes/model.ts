// The handshakes pane: every request paired with its answers, open ones first.
import { stallAge } from '../../../core/model/settings.js';
import { ageSecondsAt, type Handshake } from '../../../core/model/handshakes.js';
import type { InboxMessage } from '../../../core/model/inbox.js';
import { formatAge, formatWait } from '../../../core/model/time.js';
import { handshakeTally } from '../../../core/select/handshakes.js';
import { memoize } from '../../../core/select/memo.js';
import type { Part } from '../../widgets/fitted-line.js';
import { messageLines, namePart, wrap } from '../../widgets/message-detail.js';
import type { PaneFrame } from '../../views/dashboard-pane.js';
import { keysOf, listWindow, type Detail, type ItemKey, type PaneId, type PaneList } from '../pane.js';
import { fit } from '../../../core/text/fit.js';
import { palette } from '../../widgets/theme.js';
import type { Frame } from '../../views/view.js';
import { selectedIndex, type SortOrder } from '../../keys/view-state.js';
import { byName, narrower, sorter } from '../narrow.js';
import { handshakeMarks, type DiagnosisMark } from '../diagnoses/marks.js';

export const HANDSHAKES: PaneId = { kind: 'handshakes' };

/** Not memoised, its rows are: the ages move, so the list is drawn on every frame (handshakes are diagnosed again only on a stall). */
export interface HandshakeListModel extends PaneFrame {
  readonly handshakes: readonly Handshake[];
  readonly openCount: number;
  readonly stalled: number;
  /** Open, but nobody is left to answer or to wait (see isAbandoned). */
  readonly abandoned: number;
  /** Answered both yes and no. */
  readonly contradicting: number;
  /** How old an open request is when it stalls. */
  readonly stallAge: number;
  readonly now: number;
  /** Request id → the diagnosis that explains its handshake (ignored, stale). */
  readonly diagnosed: ReadonlyMap<string, DiagnosisMark>;
  readonly order: SortOrder;
  /** A search narrows the list. */
  readonly searching: boolean;
}

/** A handshake's words as its row draws them, for the search. */
const searched = narrower((handshake: Handshake) => [handshake.state, handshake.kind, handshake.from, handshake.to, handshake.fact]);

/** Where a state comes when the handshakes are sorted by state: what needs a look first. */
const STATE_RANK: Readonly<Record<Handshake['state'], number>> = { stalled: 0, pending: 1, rejected: 2, approved: 3, abandoned: 4 };

/** By age, the oldest request first (an answer never seen asked, last); by owner, who has to answer. */
const sorted = sorter<Handshake>({
  age: (a, b) => (a.requestedAt ?? Number.POSITIVE_INFINITY) - (b.requestedAt ?? Number.POSITIVE_INFINITY) || 0,
  state: (a, b) => STATE_RANK[a.state] - STATE_RANK[b.state],
  owner: (a, b) => byName(a.to, b.to),
});

/** The handshakes the list shows, as the search and the order have them. */
export const shownHandshakes = (frame: Frame): readonly Handshake[] =>
  sorted(searched(frame.handshakes, frame.view.filters.search), frame.view.sort.handshakes);

const handshakeKeys = memoize((handshakes: readonly Handshake[]) => keysOf(handshakes, 'handshake', (handshake) => handshake.requestId));

export function handshakeList(
  frame: Frame,
  rows: number,
  focused: boolean,
  stalled: number,
): { readonly model: HandshakeListModel; readonly list: PaneList } {
  const handshakes = shownHandshakes(frame);
  const items = handshakeKeys(handshakes);
  const open = (key: ItemKey): Detail | null => {
    const handshake = handshakes.find((candidate) => candidate.requestId === key.id);
    return handshake ? handshakeDetail(handshake, frame.now) : null;
  };
  // Counted as the list was made: a long run's thousands of answered ones are not walked on every frame.
  const tally = handshakeTally(handshakes);
  const model: HandshakeListModel = {
    handshakes,
    openCount: tally.open,
    abandoned: tally.abandoned,
    contradicting: tally.contradicting,
    stalled,
    window: listWindow(handshakes.length, rows, selectedIndex(frame.view, HANDSHAKES, items, 'start')),
    focused,
    lines: rows + 1,
    stallAge: stallAge(frame.thresholds),
    now: frame.now,
    diagnosed: handshakeMarks(frame.diagnoses.diagnoses),
    order: frame.view.sort.handshakes,
    searching: frame.view.filters.search !== '',
  };
  return { model, list: { id: HANDSHAKES, items, anchor: 'start', page: rows, open } };
}

/** `approved`, or every answer in order when there were more: `approved → rejected`. */
function answersText(handshake: Handshake): string {
  return handshake.answers.length > 1 ? handshake.answers.map((answer) => answer.state).join(' → ') : handshake.state;
}

export const CONTRADICTING = '⚠ contradicting';

export function handshakeLines(handshake: Handshake, width: number): string[] {
  const when = (time: number | null) => (time === null ? 'not seen' : new Date(time).toISOString());
  const { answers } = handshake;
  const answerFacts = answers.map((answer, i) => {
    const after =
      answer.at !== null && handshake.requestedAt !== null ? ` (${formatWait(answer.at - handshake.requestedAt)} after the request)` : '';
    return `${answers.length > 1 ? `answer ${i + 1}` : 'answered'}: ${answer.state} by ${answer.from} at ${when(answer.at)}${after}`;
  });
  const facts = [
    `request id: ${handshake.requestId}`,
    `requested: ${when(handshake.requestedAt)}`,
    ...(answerFacts.length > 0 ? answerFacts : ['answered: not yet']),
    handshake.contradicting
      ? `${CONTRADICTING}: the answers disagree, and the first (${handshake.state}) may already have been acted on`
      : '',
    handshake.fact ? `about: ${handshake.fact}` : '',
  ].filter(Boolean);
  const message = (label: string, source: InboxMessage | null) =>
    source
      ? [
          '',
          ...wrap(`${label} (${source.kind}, ${source.from} → ${source.to}):`, width),
          ...messageLines(source, width - 2).map((line) => `  ${line}`),
        ]
      : [];
  return [
    ...facts.flatMap((line) => wrap(line, width)),
    ...message('request', handshake.request),
    ...answers.flatMap((answer, i) => message(answers.length > 1 ? `answer ${i + 1}` : 'response', answer.message)),
  ];
}

function handshakeDetail(handshake: Handshake, now: number): Detail {
  return {
    lines: (width) => handshakeLines(handshake, width),
    facts: (look) => {
      const first: Part[] = [
        { text: `${fit(handshake.kind, 40)} `, bold: true },
        namePart(look, handshake.from),
        { text: ' asked ', dimColor: true },
        namePart(look, handshake.to),
      ];
      const verdict =
        handshake.state === 'approved' && !handshake.contradicting
          ? palette.ok
          : handshake.state === 'pending'
            ? palette.warning
            : palette.danger;
      const second: Part[] = [
        { text: answersText(handshake), bold: true, color: look.paint(verdict) },
        ...(handshake.contradicting ? [{ text: ` ${CONTRADICTING}`, bold: true, color: look.paint(palette.danger) }] : []),
        {
          text: `${handshake.response ? '' : ` for ${formatAge(ageSecondsAt(handshake, now) * 1000)}`}${handshake.orphan ? ' · the request was never seen' : ''}`,
          dimColor: true,
        },
      ];
      return [first, second];
    },
  };
}
