/**
 * The timeline: every message of the team in time order, a broadcast once with
 * all its recipients, through the filters; ⏎ opens a message.
 */
import type { TimelineEntry } from '../../../core/model/timeline.js';
import { memoize } from '../../../core/select/memo.js';
import { selectTimeline, selectTimelineEntries } from '../../../core/select/messages.js';
import { messageDetail } from '../../widgets/message-detail.js';
import { keysOf, type ListWindow, type PaneId, type PaneList } from '../pane.js';
import { bodyList, type Frame } from '../../views/view.js';

export const TIMELINE: PaneId = { kind: 'timeline' };

export interface TimelineModel extends PaneList {
  readonly entries: readonly TimelineEntry[];
  /** Messages before the filters. */
  readonly total: number;
  readonly window: ListWindow;
}

const entryKeys = memoize((entries: readonly TimelineEntry[]) => keysOf(entries, 'message', (entry) => entry.message.key, 'end'));

export function timeline(frame: Frame): TimelineModel {
  const entries = selectTimelineEntries(frame.team.inboxes, frame.view.filters);
  const { window, list } = bodyList(frame, TIMELINE, entryKeys(entries), 'end');
  return {
    ...list,
    open: (key) => {
      const entry = entries.find((candidate) => candidate.message.key === key.id);
      return entry ? messageDetail(entry.message, entry.recipients) : null;
    },
    entries,
    total: selectTimeline(frame.team.inboxes).length,
    window,
  };
}
