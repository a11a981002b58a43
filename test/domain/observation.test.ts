import { describe, expect, it } from 'vitest';
import { batching, type Observation } from '../../src/domain/observation.js';
import { T0, task } from '../helpers/observations.js';

const taskSeen = (id: string): Observation => ({ kind: 'task', team: 't', task: task(id), at: T0, live: false });
const inboxSeen: Observation = { kind: 'inbox', team: 't', member: 'lead', messages: [], at: T0, live: false };

describe('batching', () => {
  it('hands small files over by the batch, an inbox at once, and the rest on flush', () => {
    const emitted: string[][] = [];
    const batches = batching((observations) => emitted.push(observations.map((observation) => observation.kind)), 3);
    batches.add([taskSeen('1')]);
    batches.add([taskSeen('2')]);
    expect(emitted).toEqual([]);
    batches.add([taskSeen('3')]);
    expect(emitted).toEqual([['task', 'task', 'task']]);
    batches.add([taskSeen('4'), inboxSeen]);
    expect(emitted).toEqual([
      ['task', 'task', 'task'],
      ['task', 'inbox'],
    ]);
    batches.add([taskSeen('5')]);
    batches.flush();
    batches.flush();
    expect(emitted).toEqual([['task', 'task', 'task'], ['task', 'inbox'], ['task']]);
  });
});
