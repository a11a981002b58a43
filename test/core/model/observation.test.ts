import { describe, expect, it } from 'vitest';
import { batching, type Observation } from '../../../src/core/model/observation.js';
import { message, T0, task } from '../../helpers/observations.js';

const taskSeen = (id: string): Observation => ({ kind: 'task', team: 't', task: task(id), at: T0, live: false });
const inboxSeen = (count: number): Observation => ({
  kind: 'inbox',
  team: 't',
  member: 'lead',
  messages: Array.from({ length: count }, (_, i) => message('lead', 'w', `m${i}`, i)),
  at: T0,
  live: false,
});

describe('batching', () => {
  it('hands small files over by the batch, an inbox counting as the messages it holds, and the rest on flush', () => {
    const emitted: string[][] = [];
    const batches = batching((observations) => emitted.push(observations.map((observation) => observation.kind)), 3);
    batches.add([taskSeen('1')]);
    batches.add([taskSeen('2')]);
    expect(emitted).toEqual([]);
    batches.add([taskSeen('3')]);
    expect(emitted).toEqual([['task', 'task', 'task']]);
    // A small change of an inbox (a journal's) waits for more; a big read goes at once, so its text can go.
    batches.add([taskSeen('4'), inboxSeen(1)]);
    expect(emitted).toEqual([['task', 'task', 'task']]);
    batches.add([inboxSeen(5)]);
    expect(emitted).toEqual([
      ['task', 'task', 'task'],
      ['task', 'inbox', 'inbox'],
    ]);
    batches.add([taskSeen('5')]);
    batches.flush();
    batches.flush();
    expect(emitted).toEqual([['task', 'task', 'task'], ['task', 'inbox', 'inbox'], ['task']]);
  });
});
