/**
 * What the terminal sends is sorted before Ink reads it: mouse reports go to
 * the mouse, answers to teamtop's questions to whoever asked, and the keys,
 * untouched, to Ink; a report cut across two reads is put back together, and
 * a lone esc still reaches Ink as the esc key.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { mouseEventOf, TerminalInput, type Reply } from '../../src/cli/terminal-input.js';
import type { MouseEvent } from '../../src/ui/app/mouse.js';
import { waitFor } from '../helpers/wait.js';

class FakeTerminal extends EventEmitter {
  readonly isTTY = true;
  raw: boolean | undefined;
  setRawMode(mode: boolean) {
    this.raw = mode;
  }
  pause() {}
  resume() {}
  type(text: string) {
    this.emit('data', Buffer.from(text));
  }
}

function reading() {
  const terminal = new FakeTerminal();
  const input = new TerminalInput(terminal);
  const keys: string[] = [];
  const mice: MouseEvent[] = [];
  const replies: Reply[] = [];
  input.keys.setEncoding('utf8');
  input.keys.on('data', (chunk: string) => keys.push(chunk));
  input.onMouse((event) => mice.push(event));
  input.onReply((reply) => replies.push(reply));
  return { terminal, input, keys, mice, replies, text: () => keys.join('') };
}

describe('the terminal read by teamtop', () => {
  it('passes keys through, escape sequences and all', async () => {
    const { terminal, text } = reading();
    terminal.type('jk\u001b[A\u001b[Bq');
    await waitFor(() => expect(text()).toBe('jk\u001b[A\u001b[Bq'));
  });

  it('takes mouse reports out of the keys, as clicks and turns of the wheel', async () => {
    const { terminal, text, mice } = reading();
    terminal.type('j\u001b[<0;12;5Mk\u001b[<0;12;5m\u001b[<65;3;9M\u001b[<64;1;1M\u001b[<35;4;4Ml');
    await waitFor(() => expect(text()).toBe('jkl'));
    expect(mice).toEqual([
      { kind: 'click', x: 11, y: 4, shift: false, meta: false, ctrl: false },
      { kind: 'wheel', x: 2, y: 8, delta: 1, shift: false, meta: false, ctrl: false },
      { kind: 'wheel', x: 0, y: 0, delta: -1, shift: false, meta: false, ctrl: false },
    ]);
  });

  it('puts a report cut across two reads back together', async () => {
    const { terminal, text, mice } = reading();
    terminal.type('a\u001b[<65;1');
    terminal.type('0;7Mb');
    await waitFor(() => expect(text()).toBe('ab'));
    expect(mice).toEqual([{ kind: 'wheel', x: 9, y: 6, delta: 1, shift: false, meta: false, ctrl: false }]);
  });

  it('hands Ink a lone esc once nothing follows it', async () => {
    const { terminal, text } = reading();
    terminal.type('\u001b');
    await waitFor(() => expect(text()).toBe('\u001b'));
  });

  it('takes the answers to its questions out of the keys, however late they come', async () => {
    const { terminal, text, replies } = reading();
    terminal.type('\u001b]11;rgb:ffff/ffff/ffff\u001b\\\u001b[?62;22cx\u001b]11;rgb:0000/0000/0000\u0007');
    await waitFor(() => expect(text()).toBe('x'));
    expect(replies).toEqual([
      { kind: 'osc', text: '11;rgb:ffff/ffff/ffff' },
      { kind: 'attributes' },
      { kind: 'osc', text: '11;rgb:0000/0000/0000' },
    ]);
  });

  it('hands raw mode to the terminal, and stops reading it when closed', async () => {
    const { terminal, input, text } = reading();
    input.keys.setRawMode(true);
    expect(terminal.raw).toBe(true);
    expect(input.keys.isTTY).toBe(true);
    input.close();
    terminal.type('q');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(text()).toBe('');
  });
});

describe('mouseEventOf', () => {
  it('reads the modifiers, and leaves out motion and the other buttons', () => {
    expect(mouseEventOf(16, 1, 1, false)).toEqual({ kind: 'click', x: 0, y: 0, shift: false, meta: false, ctrl: true });
    expect(mouseEventOf(69, 2, 2, false)).toMatchObject({ kind: 'wheel', delta: 1, shift: true });
    expect(mouseEventOf(32, 1, 1, false)).toBeUndefined();
    expect(mouseEventOf(2, 1, 1, false)).toBeUndefined();
    expect(mouseEventOf(0, 1, 1, true)).toBeUndefined();
  });
});
