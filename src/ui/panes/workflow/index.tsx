import React from 'react';
import type { View } from '../../views/view.js';
import { workflow, WORKFLOW } from './model.js';
import { NoWorkflow, WorkflowView } from './view.js';

/** `w`: the declared workflow against the live team; without `--spec`, how to declare one. */
export const workflowView: View = {
  name: 'workflow',
  key: { label: 'w', description: 'workflow: the declared steps (--spec) against the live team', keys: [], chars: ['w'] },
  hint: (frame) => (frame.spec ? 'w workflow' : undefined),
  paneIds: (frame) => (frame.spec ? [WORKFLOW] : []),
  build(frame) {
    const { spec } = frame;
    if (!spec) return { panes: [], notes: [], draw: () => <NoWorkflow width={frame.width} /> };
    const model = workflow(frame, spec);
    return {
      panes: [model],
      notes: [],
      draw: () => <WorkflowView model={model} colors={frame.colors} width={frame.width} interactive={frame.interactive} />,
    };
  },
};
