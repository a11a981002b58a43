/**
 * From a file's text to observations, remembering what each file held last. The live loader and a journal replay
 * share it, so a replay reaches exactly the live run's state. No file's text is kept (docs/internals/core.md).
 */
import { decodeInbox, type InboxMessage } from '../model/inbox.js';
import type { InboxChange, Observation } from '../model/observation.js';
import { classifyFile } from '../model/paths.js';
import { append } from '../model/lists.js';
import { parseFileText } from './file-text.js';
import {
  addedElements,
  appendElements,
  CLOSING,
  inboxObservation,
  isRun,
  startsLike,
  textHash,
  type Conclusion,
  type FileState,
} from './inbox-reads.js';

interface Interpretation {
  readonly observations: Observation[];
  /** Empty or broken JSON: maybe the file was read in the middle of a rewrite. */
  readonly torn: boolean;
  /** For an append taken on trust: whether the text did start as the previous one. Call before the bytes change. */
  readonly check?: () => boolean;
}

interface InterpretOptions {
  readonly live: boolean;
  readonly final: boolean;
  /** What the journal needs of an inbox read: a change from the read before, or `whole` (it has not recorded the file). */
  readonly record?: 'whole' | 'change';
  /**
   * Take what looks like an append for one, and leave the proof (hashing megabytes on a big team) to the returned
   * `check`, after the frame is drawn. When it fails, `distrust` the file and read it again.
   */
  readonly trustAppends?: boolean;
}

export class FileInterpreter {
  private readonly files = new Map<string, FileState>();

  /** Torn text concludes nothing unless `final`. An inbox append is decoded from the bytes added alone. */
  interpret(relative: string, content: string | Buffer, at: number, options: InterpretOptions): Interpretation {
    const { live, final, record } = options;
    const target = classifyFile(relative);
    if (!target) return { observations: [], torn: false };
    const state = this.state(relative);
    if (target.kind === 'inbox') {
      const bytes = typeof content === 'string' ? Buffer.from(content) : content;
      const previous = state.inbox;
      if (previous && !state.problem && bytes.length === previous.bytes && startsLike(previous, bytes)) {
        const rest = bytes.toString('utf8', previous.cutBytes);
        if (CLOSING.test(rest)) return { observations: [], torn: false };
      }
      // The journal's first record of a file holds every element: read it whole.
      if (previous?.prefix && bytes.length > previous.bytes && record !== 'whole') {
        const trusted = options.trustAppends === true;
        const hash = trusted ? previous.prefix.copy() : startsLike(previous, bytes);
        const appendix = hash ? bytes.toString('utf8', previous.cutBytes) : undefined;
        const added = appendix === undefined ? undefined : addedElements(appendix);
        if (hash && appendix !== undefined && added) {
          const appended = appendElements(target, state, previous, added, hash, bytes.length, appendix, at, live, record === 'change');
          const interpretation = this.conclude(relative, state, appended, at, final);
          return trusted ? { ...interpretation, check: () => startsLike(previous, bytes) !== undefined } : interpretation;
        }
      }
    }
    const text = typeof content === 'string' ? content : content.toString('utf8');
    if (target.kind !== 'inbox') {
      const hash = textHash(text);
      if (hash === state.hash) return { observations: [], torn: false };
      state.hash = hash;
    }
    return this.conclude(relative, state, parseFileText(target, text, at, live, state, record), at, final);
  }

  /** A journal's patch: elements added after the first `keep` characters. Undefined when the journal lost what it builds on. */
  interpretAppendix(relative: string, keep: number, appendix: string, at: number, live: boolean): Observation[] | undefined {
    const target = classifyFile(relative);
    const state = this.files.get(relative);
    const previous = state?.inbox;
    if (target?.kind !== 'inbox' || !state || !previous?.prefix || previous.cut !== keep) return undefined;
    const added = addedElements(appendix);
    if (!added) return undefined;
    const hash = previous.prefix.copy();
    const appended = appendElements(
      target,
      state,
      previous,
      added,
      hash,
      previous.cutBytes + Buffer.byteLength(appendix),
      appendix,
      at,
      live,
      false,
    );
    return this.conclude(relative, state, appended, at, true).observations;
  }

  /** A journal's change record. Undefined when it names messages this interpreter does not have. */
  applyChange(relative: string, change: Pick<InboxChange, 'messages' | 'invalid'>, at: number, live: boolean): Observation[] | undefined {
    const target = classifyFile(relative);
    if (target?.kind !== 'inbox') return undefined;
    const previous = this.files.get(relative)?.inbox;
    const before = previous?.messages ?? [];
    const known = previous?.known ?? new Map<string, InboxMessage>();
    const messages: InboxMessage[] = [];
    let written: unknown[] = [];
    const decodeWritten = (): boolean => {
      const decoded = decodeInbox(target.member, written, known, 0, live ? at : Number.NaN, at);
      written = [];
      append(messages, decoded.messages);
      return decoded.invalid.length === 0;
    };
    for (const piece of change.messages) {
      if (!isRun(piece)) {
        written.push(piece);
        continue;
      }
      const [start, end] = piece;
      if (end > before.length || start > end || !decodeWritten()) return undefined;
      for (let i = start; i < end; i++) messages.push(before[i]!);
    }
    if (!decodeWritten()) return undefined;
    const [first] = change.messages;
    const appended =
      before.length > 0 &&
      first !== undefined &&
      isRun(first) &&
      first[0] === 0 &&
      first[1] === before.length &&
      !change.messages.slice(1).some(isRun);
    // An append extends the index of the messages before it, as a live append does.
    if (appended) for (const message of messages.slice(before.length)) known.set(message.key, message);
    const state = this.state(relative);
    state.inbox = {
      bytes: Number.NaN,
      cut: 0,
      cutBytes: 0,
      prefix: undefined,
      messages,
      known: appended ? known : new Map(messages.map((message) => [message.key, message])),
      elements: messages.length + change.invalid.length,
      invalid: change.invalid,
    };
    const observation = inboxObservation(target, messages, at, live, appended ? { unchanged: before.length } : {});
    return this.conclude(relative, state, { ok: true, value: { observation, invalid: change.invalid } }, at, true).observations;
  }

  remove(relative: string, at: number, live: boolean): Observation[] {
    const target = classifyFile(relative);
    const state = this.files.get(relative);
    if (!target || !state) return [];
    this.files.delete(relative);
    const observations: Observation[] = [];
    if (state.problem) observations.push({ kind: 'problem-gone', path: relative });
    // A file that never read cleanly showed nothing that could go.
    if (state.inbox || state.hash !== undefined) observations.push({ kind: 'file-gone', target, at, live });
    return observations;
  }

  /** The file could not be read at all: what it showed last stays, until it reads cleanly again. */
  fail(relative: string, message: string, at: number): Observation[] {
    const state = this.state(relative);
    state.problem = true;
    state.hash = undefined;
    return [{ kind: 'problem', path: relative, message, at }];
  }

  cleared(relative: string): Observation[] {
    const state = this.files.get(relative);
    if (!state?.problem) return [];
    state.problem = false;
    return [{ kind: 'problem-gone', path: relative }];
  }

  /** Forget a file without saying anything (its whole folder went). */
  forget(relative: string): Observation[] {
    const state = this.files.get(relative);
    this.files.delete(relative);
    return state?.problem ? [{ kind: 'problem-gone', path: relative }] : [];
  }

  /** An append's check failed: the file's next read is interpreted from scratch. */
  distrust(relative: string): void {
    const state = this.files.get(relative);
    if (state) state.inbox = undefined;
  }

  knows(relative: string): boolean {
    return this.files.has(relative);
  }

  knownFiles(): string[] {
    return [...this.files.keys()];
  }

  private state(relative: string): FileState {
    let state = this.files.get(relative);
    if (!state) this.files.set(relative, (state = { problem: false }));
    return state;
  }

  private conclude(relative: string, state: FileState, parsed: Conclusion, at: number, final: boolean): Interpretation {
    const observations: Observation[] = [];
    const problem = (message: string) => {
      state.problem = true;
      observations.push({ kind: 'problem', path: relative, message, at });
    };
    if (!parsed.ok) {
      // A text that concluded nothing is not the last one read.
      state.hash = undefined;
      if (parsed.torn && !final) return { observations, torn: true };
      problem(parsed.message);
      return { observations, torn: false };
    }
    if (parsed.value.observation) observations.push(parsed.value.observation);
    const { invalid } = parsed.value;
    if (invalid.length > 0) {
      problem(`${invalid[0]}${invalid.length > 1 ? ` (and ${invalid.length - 1} more)` : ''}`);
    } else if (state.problem) {
      state.problem = false;
      observations.push({ kind: 'problem-gone', path: relative });
    }
    return { observations, torn: false };
  }
}
