import React from 'react';
import { describeFilters } from '../../../core/model/message-filter.js';
import { bodyRegion, type View } from '../../views/view.js';
import { timeline, TIMELINE } from './model.js';
import { TimelineView } from './view.js';

/** `t`: every message of the team in time order. */
export const timelineView: View = {
  name: 'timeline',
  key: { label: 't', description: 'timeline: every message of the team in time order', footer: 'timeline', keys: [], chars: ['t'] },
  paneIds: () => [TIMELINE],
  build(frame) {
    const model = timeline(frame);
    return {
      panes: [model],
      notes: [],
      regions: [bodyRegion(frame, TIMELINE, model.window)],
      draw: () => (
        <TimelineView
          model={model}
          colors={frame.colors}
          width={frame.width}
          filters={describeFilters(frame.view.filters)}
          interactive={frame.interactive}
        />
      ),
    };
  },
};
