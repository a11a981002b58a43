import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig, parseInbox, parseTask } from '../../../src/core/decode/parse.js';
import { FIXTURES } from '../../helpers/fixtures.js';

const read = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');

describe('parseConfig', () => {
  it('reads three schema generations', () => {
    const old = parseConfig(read('generations/teams/old-spec/config.json'));
    const mid = parseConfig(read('generations/teams/mid-gen/config.json'));
    const newest = parseConfig(read('generations/teams/session-0a1b2c3d/config.json'));
    if (!old.ok || !mid.ok || !newest.ok) throw new Error('a generation did not parse');
    expect(old.value.createdAt).toBe('2026-01-10T09:00:00.000Z');
    expect(old.value.members[0]!.agentType).toBe('coordinator');
    expect(mid.value.createdAt).toBe(1770504237598);
    expect(newest.value.description).toBeUndefined();
    expect(newest.value.members[0]).toMatchObject({ name: 'team-lead', tmuxPaneId: 'leader' });
    expect(newest.value.members[0]!.model).toBeUndefined();
  });

  it('keeps a member whose cosmetic field has the wrong type, dropping only that field', () => {
    const config = parseConfig(read('broken/teams/shapes/config.json'));
    if (!config.ok) throw new Error(config.message);
    expect(config.value.members[1]).toMatchObject({ name: 'worker', color: 'green' });
    expect(config.value.members[1]!.model).toBeUndefined();
  });

  it('reports a torn file as torn (to be read again) and a config without members as a real problem', () => {
    expect(parseConfig(read('broken/teams/torn/config.json'))).toMatchObject({ ok: false, torn: true });
    expect(parseConfig('')).toMatchObject({ ok: false, torn: true, message: 'file is empty' });
    expect(parseConfig(read('broken/teams/no-members/config.json'))).toEqual({
      ok: false,
      torn: false,
      message: 'team config: members: missing',
    });
  });
});

describe('parseInbox', () => {
  it('keeps the good messages of an inbox with bad elements and says which are bad', () => {
    const inbox = parseInbox(read('broken/teams/shapes/inboxes/worker.json'), 'worker', new Map());
    if (!inbox.ok) throw new Error(inbox.message);
    expect(inbox.value.messages.map((message) => message.text)).toEqual(['good one', 'second good one']);
    expect(inbox.value.invalid).toEqual(['message 2: from: missing', 'message 3: value: expected object, received string']);
  });

  it('reads a message whose timestamp no string can be made of, with no time (found by CI: it threw)', () => {
    const text = JSON.stringify([
      { from: 'lead', text: 'odd', timestamp: { toString: null } },
      { from: 'lead', text: 'fine', timestamp: '2026-03-01T10:00:00Z' },
    ]);
    const inbox = parseInbox(text, 'worker', new Map());
    if (!inbox.ok) throw new Error(inbox.message);
    expect(inbox.value.messages.map((message) => [message.text, message.time])).toEqual([
      ['odd', Number.NaN],
      ['fine', Date.parse('2026-03-01T10:00:00Z')],
    ]);
    expect(inbox.value.invalid).toEqual([]);
  });

  it('reports an inbox that is not an array', () => {
    expect(parseInbox(read('broken/teams/shapes/inboxes/team-lead.json'), 'team-lead', new Map())).toEqual({
      ok: false,
      torn: false,
      message: 'inbox is not an array (found an object)',
    });
  });

  it('reads the newest envelope (msgV, msg_id, type) and keys by msg_id', () => {
    const inbox = parseInbox(read('generations/teams/session-0a1b2c3d/inboxes/team-lead.json'), 'team-lead', new Map());
    if (!inbox.ok) throw new Error(inbox.message);
    expect(inbox.value.messages[0]).toMatchObject({
      key: '4a236089-e8f5-4688-bca2-e47c6f0d8310',
      from: 'probe',
      to: 'team-lead',
      kind: 'text',
      summary: 'hello',
      read: false,
    });
  });

  it('reuses a message decoded before when it did not change, and re-decodes one whose read flag flipped', () => {
    const text = read('protocol-zoo/teams/zoo/inboxes/worker.json');
    const first = parseInbox(text, 'worker', new Map());
    if (!first.ok) throw new Error(first.message);
    const known = new Map(first.value.messages.map((message) => [message.key, message]));
    const flipped = JSON.parse(text) as { read: boolean }[];
    flipped[7]!.read = !flipped[7]!.read;
    const second = parseInbox(JSON.stringify(flipped), 'worker', known);
    if (!second.ok) throw new Error(second.message);
    expect(second.value.messages[0]).toBe(first.value.messages[0]);
    expect(second.value.messages[7]).not.toBe(first.value.messages[7]);
    expect(second.value.messages[7]!.read).toBe(!first.value.messages[7]!.read);
  });
});

describe('parseTask', () => {
  it('takes the id from the file name when the task has none', () => {
    const task = parseTask(read('broken/tasks/shapes/2.json'), '2');
    expect(task).toMatchObject({ ok: true, value: { id: '2', subject: 'id from the file name' } });
  });

  it('reports torn and mis-shaped task files', () => {
    expect(parseTask(read('broken/tasks/shapes/1.json'), '1')).toMatchObject({ ok: false, torn: true });
    expect(parseTask(read('broken/tasks/shapes/3.json'), '3')).toMatchObject({ ok: false, torn: false });
  });

  it('reads numeric ids and blockers as strings', () => {
    const task = parseTask('{"id": 4, "subject": "x", "status": "pending", "blocks": [5], "blockedBy": [1, "2"]}', '4');
    expect(task).toMatchObject({ ok: true, value: { id: '4', blocks: ['5'], blockedBy: ['1', '2'] } });
  });
});
