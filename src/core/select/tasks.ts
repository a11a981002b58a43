import { buildTaskGraph, type TaskNode, type TaskRecord } from '../model/task-graph.js';
import { memoize } from './memo.js';

export const selectTaskGraph = memoize((tasks: ReadonlyMap<string, TaskRecord>): TaskNode[] => buildTaskGraph(tasks));

/** The work items: the tasks that are not teammate trackers (`metadata._internal`). */
export const selectWorkTasks = memoize((nodes: readonly TaskNode[]): readonly TaskNode[] => nodes.filter((node) => !node.internal));
