/**
 * Mail taken (issues 35 §6 and 36 §1): the `<teammate-message>` elements of an
 * inbox owner's transcript, matched to its inbox history. A message is taken
 * when the transcript shows it; one the file never showed is recovered from
 * it, once; while the owner's transcript is followed, a message that left the
 * file waits for the model.
 */
import { describe, expect, it } from 'vitest';
import { applyInboxFile, applyTakenMail, emptyInbox, positionOf, type InboxHistory } from '../../../src/core/facts/index.js';
import { unfollowInbox } from '../../../src/core/facts/inbox-taken.js';
import { isUnread } from '../../../src/core/model/inbox.js';
import type { TakenMail } from '../../../src/core/model/transcript-facts.js';
import { selectUnread, selectWaiting } from '../../../src/core/select/mail.js';
import { at, message } from '../../helpers/observations.js';

const taken = (from: string, text: string, seconds: number, fields: Partial<TakenMail> = {}): TakenMail => ({
  from,
  summary: null,
  color: null,
  text,
  at: at(seconds),
  ...fields,
});

const shown = (inbox: InboxHistory) =>
  inbox.messages.map((m) => [m.text, m.delivered, Number.isFinite(m.takenAt) ? (m.takenAt - at(0)) / 1000 : null, m.recovered]);

const request = {
  type: 'shutdown_request',
  requestId: 'shutdown-1@bob',
  from: 'team-lead',
  reason: 'done',
  timestamp: '2026-03-01T10:00:03.000Z',
};
const approved = { type: 'shutdown_approved', requestId: 'shutdown-1@bob', from: 'bob', paneId: 'in-process', backendType: 'in-process' };

describe('mail taken, from the owner’s transcript', () => {
  it('marks the message the model took, seen in the file or gone from it, and recovers one the file never showed', () => {
    const a = message('bob', 'team-lead', 'first', 1);
    const b = message('bob', 'team-lead', 'second', 2);
    let inbox = applyInboxFile(emptyInbox('bob'), [a, b], 0, at(2));
    // a leaves the file, and its record comes; b is taken before it leaves (the client's spawn prompt was).
    inbox = applyInboxFile(inbox, [b], 0, at(3));
    inbox = applyTakenMail(inbox, [taken('team-lead', 'first', 4), taken('team-lead', 'second', 4)]);
    // third came and went while teamtop could not look: only the transcript holds it.
    inbox = applyTakenMail(inbox, [taken('team-lead', 'third', 6, { summary: 'the third' })]);
    expect(shown(inbox)).toEqual([
      ['first', true, 4, false],
      ['second', false, 4, false],
      ['third', true, 6, true],
    ]);
    const third = inbox.messages[2]!;
    expect(third).toMatchObject({ to: 'bob', from: 'team-lead', summary: 'the third', kind: 'text', time: at(6), seenAt: Number.NaN });
    // Its id (messageRef) says where and when: it has no msg_id.
    expect(third.timestamp).toBe(new Date(at(6)).toISOString());
    expect(positionOf(inbox, third.key)).toBe(2);
  });

  it('is one message, never two: the same record read again, and a recovered message the file then shows', () => {
    let inbox = applyTakenMail(emptyInbox('bob'), [taken('team-lead', 'late', 5), taken('team-lead', 'late', 5, { nth: 1 })]);
    // Two equal messages in one record are two messages.
    expect(shown(inbox)).toEqual([
      ['late', true, 5, true],
      ['late', true, 5, true],
    ]);
    // The transcript read again from its start (a restart, a journal restored), or the record written twice: nothing new.
    expect(applyTakenMail(inbox, [taken('team-lead', 'late', 5), taken('team-lead', 'late', 5, { nth: 1 })])).toBe(inbox);
    expect(applyTakenMail(inbox, [taken('team-lead', 'late', 5), taken('team-lead', 'late', 5)])).toBe(inbox);
    // The file shows one of them after all: it is that one, the file's, taken when the record says.
    const inFile = message('bob', 'team-lead', 'late', 4);
    inbox = applyInboxFile(inbox, [inFile], 0, at(6));
    expect(inbox.messages).toHaveLength(2);
    expect(inbox.messages.map((m) => [m.key === inFile.key, m.recovered, (m.takenAt - at(0)) / 1000])).toEqual([
      [true, false, 5],
      [false, true, 5],
    ]);
    expect(inbox.taking.recovered).toBe(1);
    expect(positionOf(inbox, inFile.key)).toBe(0);
  });

  it('matches a protocol message by its type and request id, not its bytes, and keeps only the JSON of what the client appended to', () => {
    const inFile = message('team-lead', 'bob', approved, 7);
    let inbox = applyInboxFile(emptyInbox('team-lead'), [inFile], 0, at(7));
    inbox = applyInboxFile(inbox, [], 0, at(8));
    // The lead's transcript holds the JSON the client rewrote (its paneId), as in the real client's.
    inbox = applyTakenMail(inbox, [taken('bob', JSON.stringify({ ...approved, paneId: '[invalid id]' }), 9)]);
    expect(shown(inbox)).toEqual([[inFile.text, true, 9, false]]);
    expect(inbox.messages[0]!.data).toMatchObject({ paneId: 'in-process' });
  });

  it('recovers a protocol message with its data, its time its own', () => {
    const inbox = applyTakenMail(emptyInbox('bob'), [taken('team-lead', JSON.stringify(request), 9)]);
    expect(inbox.messages[0]).toMatchObject({
      kind: 'shutdown_request',
      data: request,
      timestamp: request.timestamp,
      recovered: true,
      delivered: true,
      takenAt: at(9),
    });
  });

  it('recovers neither a spawn prompt that no inbox held nor the client’s own notices, and matches a spawn prompt the inbox held', () => {
    const notice = JSON.stringify({ type: 'teammate_terminated', message: 'bob has shut down.' });
    let inbox = applyTakenMail(emptyInbox('alice'), [taken('team-lead', 'You are alice.', 1, { spawn: true }), taken('system', notice, 2)]);
    expect(inbox.messages).toEqual([]);
    // A tmux teammate's spawn prompt comes by its inbox.
    const prompt = message('bob', 'team-lead', 'You are bob.', 1);
    inbox = applyInboxFile(emptyInbox('bob'), [prompt], 0, at(1));
    inbox = applyTakenMail(inbox, [taken('team-lead', 'You are bob.', 2, { spawn: true })]);
    expect(shown(inbox)).toEqual([['You are bob.', false, 2, false]]);
  });

  it('while the transcript is followed, a message that left the file is unread until the model takes it', () => {
    const a = message('bob', 'team-lead', 'status?', 1);
    const b = message('bob', 'team-lead', 'answer please', 2);
    let inbox = applyTakenMail(emptyInbox('bob'), [], true);
    inbox = applyInboxFile(inbox, [a, b], 0, at(2));
    inbox = applyInboxFile(inbox, [], 0, at(3));
    // Gone from the file, not taken: a model call hangs (untaken-mail-tmux).
    expect(inbox.messages.map(isUnread)).toEqual([true, true]);
    expect(selectUnread(inbox)).toBe(2);
    expect(selectWaiting(inbox).map((m) => m.text)).toEqual(['status?', 'answer please']);
    inbox = applyTakenMail(inbox, [taken('team-lead', 'status?', 20), taken('team-lead', 'answer please', 20)]);
    expect(selectUnread(inbox)).toBe(0);
    expect(inbox.taking.untakenAt).toEqual([]);
  });

  it('counts as taken what left the file before a message the model took, what the client handles itself, and what a member sent itself', () => {
    const permission = message('team-lead', 'bob', { type: 'permission_request', request_id: 'perm-1', tool_name: 'Bash' }, 1);
    const own = message('team-lead', 'team-lead', { type: 'task_assignment', taskId: '3', timestamp: 'x' }, 1.5);
    const early = message('team-lead', 'bob', 'early', 2);
    const later = message('team-lead', 'bob', 'later', 3);
    let inbox = applyInboxFile(emptyInbox('team-lead'), [permission, own, early, later], 0, at(3));
    inbox = applyInboxFile(inbox, [], 0, at(4));
    // Not followed: taken as it left the file, as before.
    expect(selectUnread(inbox)).toBe(0);
    inbox = applyTakenMail(inbox, [], true);
    expect(selectWaiting(inbox).map((m) => m.text)).toEqual(['early', 'later']);
    // The model took the later one: the client hands mail over in order, so it is past the early one.
    inbox = applyTakenMail(inbox, [taken('bob', 'later', 5)]);
    expect(selectUnread(inbox)).toBe(0);
    expect(inbox.messages.find((m) => m.text === 'early')!.takenAt).toBeNaN();
  });

  it('gives taken back to the file when the transcript is no longer read', () => {
    let inbox = applyTakenMail(emptyInbox('bob'), [], true);
    inbox = applyInboxFile(inbox, [message('bob', 'team-lead', 'a', 1)], 0, at(1));
    inbox = applyInboxFile(inbox, [], 0, at(2));
    expect(selectUnread(inbox)).toBe(1);
    inbox = unfollowInbox(inbox);
    expect(selectUnread(inbox)).toBe(0);
    expect(inbox.messages[0]!.untaken).toBe(false);
  });

  it('keeps what it knows of a taken message when the file is read again', () => {
    const a = message('bob', 'team-lead', 'a', 1);
    let inbox = applyInboxFile(emptyInbox('bob'), [a], 0, at(1));
    inbox = applyTakenMail(inbox, [taken('team-lead', 'a', 2)]);
    // The same file read again (its message as the interpreter decoded it): nothing changed.
    expect(applyInboxFile(inbox, [a], 0, at(3))).toBe(inbox);
    // Marked read: still taken when it was.
    const read = message('bob', 'team-lead', 'a', 1, { read: true });
    inbox = applyInboxFile(inbox, [read], 0, at(3));
    expect(inbox.messages[0]).toMatchObject({ read: true, takenAt: at(2) });
  });
});
