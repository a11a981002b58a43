import React from 'react';
import { bodyRegion, type View } from '../../views/view.js';
import { runningSince, stepsList, stepsMembers, stepsPaneId } from './model.js';
import { StepsView } from './view.js';

/** `s`: one member's recent steps, followed as they come; tab moves to the next member. */
export const stepsView: View = {
  name: 'steps',
  key: {
    label: 's',
    description: "steps: the focused member's tool calls, text, mail and turn ends",
    footer: 'steps',
    keys: [],
    chars: ['s'],
  },
  paneIds: (frame) => stepsMembers(frame).map((member) => stepsPaneId(member.name)),
  build(frame, focused) {
    const members = stepsMembers(frame);
    const lists = members.map((member) => stepsList(frame, member));
    const model = lists.find((list) => list.member.name === focused?.member);
    return {
      panes: lists,
      notes: [],
      ages: model ? runningSince(model) : [],
      regions: model ? [bodyRegion(frame, model.id, model.window)] : [],
      draw: () => (
        <StepsView
          model={model}
          colors={frame.colors}
          now={frame.now}
          width={frame.width}
          transcripts={frame.transcripts}
          members={members.length}
          interactive={frame.interactive}
        />
      ),
    };
  },
};
