import { describe, expect, it } from 'vitest';
import { applyInboxFile, emptyInbox, positionOf, removeInboxFile } from '../../../src/core/facts/index.js';
import { message } from '../../helpers/observations.js';

const a = message('lead', 'w', 'a', 1);
const b = message('lead', 'w', 'b', 2);
const c = message('lead', 'w', 'c', 3);

describe('inbox history', () => {
  it('keeps a message that vanished from the file, marked delivered, and does not duplicate it when it comes back', () => {
    let inbox = applyInboxFile(emptyInbox('lead'), [a, b]);
    inbox = applyInboxFile(inbox, [b]);
    expect(inbox.messages.map((m) => [m.text, m.delivered])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    inbox = applyInboxFile(inbox, [a, b, c]);
    expect(inbox.messages.map((m) => [m.text, m.delivered])).toEqual([
      ['a', false],
      ['b', false],
      ['c', false],
    ]);
    expect(inbox.present).toBe(3);
  });

  it('says when a message was seen leaving its file, when that was seen live', () => {
    let inbox = applyInboxFile(emptyInbox('lead'), [a, b, c], 0, Number.NaN);
    inbox = applyInboxFile(inbox, [b, c], 0, 5000);
    expect(inbox.messages.map((m) => [m.text, m.deliveredAt])).toEqual([
      ['a', 5000],
      ['b', Number.NaN],
      ['c', Number.NaN],
    ]);
    // Gone while nobody watched (a scan found it gone): delivered, at an unknown time.
    inbox = applyInboxFile(inbox, [c], 0, Number.NaN);
    expect(inbox.messages.map((m) => [m.text, m.delivered, m.deliveredAt])).toEqual([
      ['a', true, 5000],
      ['b', true, Number.NaN],
      ['c', false, Number.NaN],
    ]);
    // The file removed: what it held was delivered then.
    expect(removeInboxFile(inbox, 9000).messages.map((m) => m.deliveredAt)).toEqual([5000, Number.NaN, 9000]);
  });

  it('returns the same object when nothing changed', () => {
    const inbox = applyInboxFile(emptyInbox('lead'), [a, b]);
    expect(applyInboxFile(inbox, [a, b])).toBe(inbox);
  });

  it('keeps time order when a message arrives late', () => {
    let inbox = applyInboxFile(emptyInbox('lead'), [a, c]);
    inbox = applyInboxFile(inbox, [a, c, b]);
    expect(inbox.messages.map((m) => m.text)).toEqual(['a', 'b', 'c']);
    expect(inbox.index.get(c.key)).toBe(2);
  });

  it('lets older versions share the index of a history that only grew, without seeing newer keys', () => {
    const older = applyInboxFile(emptyInbox('lead'), [a, b]);
    const newer = applyInboxFile(older, [a, b, c]);
    expect(newer.index).toBe(older.index);
    expect(positionOf(newer, c.key)).toBe(2);
    expect(positionOf(older, c.key)).toBeUndefined();
    expect(positionOf(older, b.key)).toBe(1);
  });

  it('says what a version grew from, and which of its messages it replaced, while no message moved', () => {
    const older = applyInboxFile(emptyInbox('lead'), [a, b]);
    const grown = applyInboxFile(older, [a, b, c]);
    expect(grown.grewFrom).toBe(older.messages);
    expect(grown.replaced).toBeUndefined();
    // A flipped read flag, a vanished message, a removed file: the messages in those places were replaced.
    expect(applyInboxFile(older, [a, { ...b, read: true }, c])).toMatchObject({ grewFrom: older.messages, replaced: new Set([1]) });
    expect(applyInboxFile(older, [b, c])).toMatchObject({ grewFrom: older.messages, replaced: new Set([0]) });
    expect(removeInboxFile(grown)).toMatchObject({ grewFrom: grown.messages, replaced: new Set([0, 1, 2]) });
    // A late message moves the ones after it: nothing to extend.
    expect(applyInboxFile(applyInboxFile(emptyInbox('lead'), [a, c]), [a, c, b]).grewFrom).toBeUndefined();
  });

  it('updates a message whose read flag flipped in place', () => {
    let inbox = applyInboxFile(emptyInbox('lead'), [a, b]);
    const readB = { ...b, read: true };
    inbox = applyInboxFile(inbox, [a, readB]);
    expect(inbox.messages[1]).toBe(readB);
  });

  it('marks everything delivered when the file is removed', () => {
    const inbox = removeInboxFile(applyInboxFile(emptyInbox('lead'), [a, b]));
    expect(inbox.messages.every((m) => m.delivered)).toBe(true);
    expect(inbox).toMatchObject({ present: 0, exists: false });
  });
});
