/**
 * What the terminal sends, sorted before Ink reads it. Ink 6.8 knows no mouse:
 * it would take a mouse report (`ESC[<0;12;5M`) for a run of keys, and the
 * answer to a question teamtop asked the terminal (its background, OSC 11)
 * for another. So teamtop reads the terminal itself: mouse reports go to the
 * mouse's listeners, answers to its questions to whoever asked, and the rest,
 * the keys, on to Ink through a stream of their own (`keys`, Ink's `stdin`).
 */
import { PassThrough } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { MouseEvent } from '../ui/app/mouse.js';

/** What the terminal's input stream must do: the real one, or a test's. */
export interface RawInput extends NodeJS.EventEmitter {
  readonly isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
  ref?(): unknown;
  unref?(): unknown;
  pause(): unknown;
  resume(): unknown;
}

/** A report in SGR mouse encoding (mode 1006): button and modifiers, column, row, and M (press) or m (release). */
// eslint-disable-next-line no-control-regex
const SGR_MOUSE = /^\u001b\[<(\d+);(\d+);(\d+)([Mm])/u;
/** An answer to a query: an OSC string (ended by BEL or ST), or the device attributes (DA1). */
// eslint-disable-next-line no-control-regex
const OSC_REPLY = /^\u001b\]([^\u0007\u001b]*)(?:\u0007|\u001b\\)/u;
// eslint-disable-next-line no-control-regex
const DA1_REPLY = /^\u001b\[\?[\d;]*c/u;
/** The start of one of those, cut by the end of a read: held back for the rest. */
// eslint-disable-next-line no-control-regex
const UNFINISHED = /^\u001b(?:\[(?:<[\d;]*|\?[\d;]*)?|\][^\u0007\u001b]*\u001b?)?$/u;
/** How long a start is held back before it is taken for keys after all (a lone esc is the esc key). */
const HOLD_MS = 25;
/** An answer longer than this is not one. */
const MOST_HELD = 512;

/** A reply to a query, as `TerminalInput.replies` hears them. */
export type Reply = { readonly kind: 'osc'; readonly text: string } | { readonly kind: 'attributes' };

/** An SGR report as a mouse event; undefined for what teamtop does not use (motion, other buttons). */
export function mouseEventOf(code: number, column: number, row: number, release: boolean): MouseEvent | undefined {
  const modifiers = { shift: (code & 4) !== 0, meta: (code & 8) !== 0, ctrl: (code & 16) !== 0 };
  const x = column - 1;
  const y = row - 1;
  if ((code & 32) !== 0) return undefined;
  if ((code & 64) !== 0) {
    const button = code & 3;
    return button < 2 ? { kind: 'wheel', x, y, delta: button === 0 ? -1 : 1, ...modifiers } : undefined;
  }
  if ((code & 3) !== 0 || release) return undefined;
  return { kind: 'click', x, y, ...modifiers };
}

/** Ink's stdin: the keys alone, with the terminal's raw mode behind it. */
class KeyStream extends PassThrough {
  constructor(private readonly raw: RawInput) {
    super();
  }

  get isTTY(): boolean {
    return this.raw.isTTY === true;
  }

  setRawMode(mode: boolean): this {
    this.raw.setRawMode?.(mode);
    return this;
  }

  ref(): this {
    this.raw.ref?.();
    return this;
  }

  unref(): this {
    this.raw.unref?.();
    return this;
  }
}

export class TerminalInput {
  /** The keys, for Ink. */
  readonly keys: KeyStream;
  private readonly decoder = new StringDecoder('utf8');
  private held = '';
  private timer: NodeJS.Timeout | undefined;
  private readonly mouseListeners = new Set<(event: MouseEvent) => void>();
  private readonly replyListeners = new Set<(reply: Reply) => void>();
  private readonly onData = (chunk: Buffer | string) => this.take(typeof chunk === 'string' ? chunk : this.decoder.write(chunk));

  constructor(private readonly raw: RawInput) {
    this.keys = new KeyStream(raw);
    raw.on('data', this.onData);
    raw.resume();
  }

  /** Each mouse event, until the function returned is called. */
  onMouse(listener: (event: MouseEvent) => void): () => void {
    this.mouseListeners.add(listener);
    return () => this.mouseListeners.delete(listener);
  }

  /** Each answer to a query, until the function returned is called. */
  onReply(listener: (reply: Reply) => void): () => void {
    this.replyListeners.add(listener);
    return () => this.replyListeners.delete(listener);
  }

  /** Stop reading the terminal: nothing more reaches Ink. */
  close(): void {
    clearTimeout(this.timer);
    this.raw.off('data', this.onData);
    this.raw.pause();
    this.keys.end();
  }

  private take(text: string): void {
    clearTimeout(this.timer);
    let rest = this.held + text;
    this.held = '';
    let keys = '';
    while (rest !== '') {
      const escape = rest.indexOf('\u001b');
      if (escape < 0) {
        keys += rest;
        break;
      }
      keys += rest.slice(0, escape);
      rest = rest.slice(escape);
      const found = this.sorted(rest);
      if (found > 0) {
        rest = rest.slice(found);
        continue;
      }
      if (UNFINISHED.test(rest) && rest.length < MOST_HELD) {
        this.held = rest;
        this.timer = setTimeout(() => this.flush(), HOLD_MS);
        break;
      }
      keys += '\u001b';
      rest = rest.slice(1);
    }
    if (keys !== '') this.keys.write(keys);
  }

  /** What was held back, taken for keys: nothing came to finish it. */
  private flush(): void {
    const held = this.held;
    this.held = '';
    if (held !== '') this.keys.write(held);
  }

  /** A mouse report or a reply at the start of `text`, given to its listeners: its length; 0 for anything else. */
  private sorted(text: string): number {
    const mouse = SGR_MOUSE.exec(text);
    if (mouse) {
      const event = mouseEventOf(Number(mouse[1]), Number(mouse[2]), Number(mouse[3]), mouse[4] === 'm');
      if (event) for (const listener of this.mouseListeners) listener(event);
      return mouse[0].length;
    }
    const osc = OSC_REPLY.exec(text);
    if (osc) {
      for (const listener of this.replyListeners) listener({ kind: 'osc', text: osc[1]! });
      return osc[0].length;
    }
    const attributes = DA1_REPLY.exec(text);
    if (attributes) {
      for (const listener of this.replyListeners) listener({ kind: 'attributes' });
      return attributes[0].length;
    }
    return 0;
  }
}
