import { describe, expect, it } from 'vitest';
import type { Observation } from '../../../src/core/model/observation.js';
import { applyInboxFile, emptyInbox } from '../../../src/core/facts/index.js';
import { FileInterpreter } from '../../../src/core/decode/interpreter.js';

const PATH = 'teams/t/inboxes/lead.json';
const element = (i: number, extra: Record<string, unknown> = {}) => ({
  from: 'worker',
  text: `message ${i} {with braces}`,
  timestamp: new Date(Date.UTC(2026, 2, 1, 10, 0, i)).toISOString(),
  read: false,
  ...extra,
});
const file = (elements: unknown[]) => JSON.stringify(elements, null, 2);
const inboxOf = (observations: Observation[]) => observations.find((o) => o.kind === 'inbox') as Extract<Observation, { kind: 'inbox' }>;

describe('reading an inbox that Claude Code appends to', () => {
  it('parses only the added elements, and says how many of the previous ones are unchanged', () => {
    const interpreter = new FileInterpreter();
    const first = inboxOf(interpreter.interpret(PATH, file([element(1), element(2)]), 0, { live: true, final: true }).observations);
    const second = inboxOf(
      interpreter.interpret(PATH, file([element(1), element(2), element(3)]), 1, { live: true, final: true }).observations,
    );
    expect(second.unchanged).toBe(2);
    expect(second.messages.map((m) => m.text)).toEqual(['message 1 {with braces}', 'message 2 {with braces}', 'message 3 {with braces}']);
    // The unchanged messages are the very same objects.
    expect(second.messages[0]).toBe(first.messages[0]);
    // A fresh reader of the same text reaches the same messages.
    const fresh = inboxOf(
      new FileInterpreter().interpret(PATH, file([element(1), element(2), element(3)]), 1, { live: true, final: true }).observations,
    );
    expect(fresh.messages.map((m) => m.key)).toEqual(second.messages.map((m) => m.key));
    expect(fresh.unchanged).toBeUndefined();
  });

  it('reads the whole file again when earlier elements changed (a read flag flipped) or were removed', () => {
    const interpreter = new FileInterpreter();
    interpreter.interpret(PATH, file([element(1), element(2)]), 0, { live: true, final: true });
    const flipped = inboxOf(
      interpreter.interpret(PATH, file([element(1, { read: true }), element(2), element(3)]), 1, { live: true, final: true }).observations,
    );
    expect(flipped.unchanged).toBeUndefined();
    expect(flipped.messages[0]!.read).toBe(true);
    const removed = inboxOf(
      interpreter.interpret(PATH, file([element(2), element(3), element(4)]), 2, { live: true, final: true }).observations,
    );
    expect(removed.unchanged).toBeUndefined();
    expect(removed.messages.map((m) => m.text)).toHaveLength(3);
  });

  it('keeps numbering unreadable elements from where the file had got to', () => {
    const interpreter = new FileInterpreter();
    interpreter.interpret(PATH, file([element(1), { text: 'no sender' }, element(2)]), 0, { live: true, final: true });
    const { observations } = interpreter.interpret(PATH, file([element(1), { text: 'no sender' }, element(2), { nope: true }]), 1, {
      live: true,
      final: true,
    });
    expect(inboxOf(observations).unchanged).toBe(2);
    const appended = interpreter.interpret(
      PATH,
      file([element(1), { text: 'no sender' }, element(2), { nope: true }, element(3), { text: 'again' }]),
      2,
      { live: true, final: true },
    );
    expect(inboxOf(appended.observations).unchanged).toBe(2);
    expect(appended.observations.find((o) => o.kind === 'problem')).toMatchObject({ message: 'message 2: from: missing (and 2 more)' });
  });

  it('gives the history the same result whether or not it takes the shortcut', () => {
    const interpreter = new FileInterpreter();
    const texts = [file([element(1)]), file([element(1), element(2)]), file([element(1), element(2), element(3), element(1)])];
    let shortcut = emptyInbox('lead');
    let full = emptyInbox('lead');
    texts.forEach((text, i) => {
      const observation = inboxOf(interpreter.interpret(PATH, text, i, { live: true, final: true }).observations);
      shortcut = applyInboxFile(shortcut, observation.messages, observation.unchanged);
      full = applyInboxFile(full, observation.messages);
    });
    expect(shortcut.messages).toEqual(full.messages);
    expect(shortcut.present).toBe(full.present);
    expect(shortcut.present).toBe(3);
  });
});

describe('reading an inbox as bytes', () => {
  it('decodes only what was appended, and tells the journal what changed', () => {
    const interpreter = new FileInterpreter();
    interpreter.interpret(PATH, Buffer.from(file([element(1), element(2)])), 0, { live: true, final: true, record: 'whole' });
    const added = { ...element(3), text: 'ünïcödé 世界 appended' };
    const { observations } = interpreter.interpret(PATH, Buffer.from(file([element(1), element(2), added])), 1, {
      live: true,
      final: true,
      record: 'change',
    });
    const inbox = inboxOf(observations);
    expect(inbox.unchanged).toBe(2);
    expect(inbox.change).toEqual({ messages: [[0, 2], added], invalid: [], whole: false });
    expect(inbox.messages.at(-1)!.text).toBe('ünïcödé 世界 appended');
    // Byte and character positions stay in step past multi-byte characters.
    const after = inboxOf(
      interpreter.interpret(PATH, Buffer.from(file([element(1), element(2), added, element(4)])), 2, {
        live: true,
        final: true,
        record: 'change',
      }).observations,
    );
    expect(after.unchanged).toBe(3);
    expect(after.change).toEqual({ messages: [[0, 3], element(4)], invalid: [], whole: false });
  });

  it('tells a rewrite as the runs of messages it kept and the elements that changed; why, not what, for unreadable ones', () => {
    const interpreter = new FileInterpreter();
    const change = (elements: unknown[]) =>
      inboxOf(interpreter.interpret(PATH, file(elements), 0, { live: true, final: true, record: 'change' }).observations).change;
    expect(change([element(1), element(2), element(3), element(4)])).toEqual({
      messages: [element(1), element(2), element(3), element(4)],
      invalid: [],
      whole: true,
    });
    // The first delivered and deleted, the third marked read.
    expect(change([element(2), element(3, { read: true }), element(4)])).toEqual({
      messages: [[1, 2], element(3, { read: true }), [3, 4]],
      invalid: [],
      whole: false,
    });
    // Moved about: runs name the places they came from.
    expect(change([element(4), element(2), { text: 'a secret' }])).toEqual({
      messages: [
        [2, 3],
        [0, 1],
      ],
      invalid: ['message 3: from: missing'],
      whole: false,
    });
  });

  it('says nothing about the same bytes read again', () => {
    const interpreter = new FileInterpreter();
    const bytes = Buffer.from(file([element(1)]));
    interpreter.interpret(PATH, bytes, 0, { live: true, final: true });
    expect(interpreter.interpret(PATH, Buffer.from(bytes), 1, { live: true, final: true }).observations).toEqual([]);
  });
});

describe('taking an append on trust', () => {
  const trusting = { live: true, final: true, trustAppends: true } as const;

  it('shows the added elements at once, and its check proves the start was kept', () => {
    const interpreter = new FileInterpreter();
    interpreter.interpret(PATH, Buffer.from(file([element(1), element(2)])), 0, trusting);
    const { observations, check } = interpreter.interpret(PATH, Buffer.from(file([element(1), element(2), element(3)])), 1, trusting);
    expect(inboxOf(observations).unchanged).toBe(2);
    expect(check?.()).toBe(true);
  });

  it('fails its check when an earlier element changed too (at the same length), and reads the whole file once distrusted', () => {
    const interpreter = new FileInterpreter();
    interpreter.interpret(PATH, Buffer.from(file([element(1), element(2)])), 0, trusting);
    // An edit of the same length earlier on: the text looks like a clean append.
    const edited = { ...element(1), text: 'message 1 [with braces]' };
    const text = file([edited, element(2), element(3)]);
    const trusted = interpreter.interpret(PATH, Buffer.from(text), 1, trusting);
    expect(inboxOf(trusted.observations).messages.map((m) => m.text)).toEqual([
      'message 1 {with braces}',
      'message 2 {with braces}',
      'message 3 {with braces}',
    ]);
    expect(trusted.check?.()).toBe(false);
    interpreter.distrust(PATH);
    const again = inboxOf(interpreter.interpret(PATH, Buffer.from(text), 2, trusting).observations);
    expect(again.unchanged).toBeUndefined();
    expect(again.messages.map((m) => m.text)).toEqual(['message 1 [with braces]', 'message 2 {with braces}', 'message 3 {with braces}']);
  });
});
