import React from 'react';
import type { DashboardPane } from '../../views/dashboard-pane.js';
import { shownTasks, taskList, TASKS } from './model.js';
import { TaskList } from './view.js';

/** The task list, teammate trackers hidden unless asked for. */
export const tasksPane: DashboardPane = {
  id: TASKS,
  count: (frame) => shownTasks(frame).length,
  build(frame, rows, focused) {
    const { model, list } = taskList(frame, rows, focused);
    return {
      list,
      window: model.window,
      draw: (width) => <TaskList model={model} colors={frame.colors} width={width} interactive={frame.interactive} />,
    };
  },
};
