/**
 * From a file's text to observations, remembering what each file held last: the
 * decoded messages of an inbox (so unchanged ones are reused) and whether a
 * problem is shown for it. The live loader and a journal replay share it, so a
 * replay reaches exactly the state the live run reached, and the live loader
 * can take over where a journal's restore left off.
 *
 * No file's text is kept (an inbox can be megabytes). For an inbox: where its
 * last element ends and a running hash of the text up to there, which is enough
 * to tell that a new text only adds elements after it (how Claude Code
 * appends), and then to parse only what was added. For other files: a hash.
 *
 * For the journal, an inbox read can also be told as a change from the read
 * before (see InboxChange), and a journal's record of one applied again.
 */
import { createHash, type Hash } from 'node:crypto';
import { parseAgentStatus, parseConfig, parseInboxElements, parseTask, type Parsed } from '../domain/files.js';
import { decodeInbox, type InboxMessage } from '../domain/inbox.js';
import type { InboxChange, InboxElement, InboxRun, Observation } from '../domain/observation.js';
import { classifyFile, type FileTarget } from '../domain/paths.js';
import { append } from '../domain/lists.js';

interface InboxRead {
  /** The text's length in UTF-8 bytes (NaN when only its messages are known: a journal's change). */
  readonly bytes: number;
  /** Just after the last element's closing brace (0 when there is none), in characters and in bytes. */
  readonly cut: number;
  readonly cutBytes: number;
  /** A running hash of the text up to `cut`, to be copied, never finished. */
  readonly prefix: Hash | undefined;
  /** Decoded messages, and the same by key. */
  readonly messages: readonly InboxMessage[];
  readonly known: Map<string, InboxMessage>;
  /** Elements in the array, readable or not, and why the unreadable ones are. */
  readonly elements: number;
  readonly invalid: readonly string[];
}

interface FileState {
  inbox?: InboxRead;
  /** A hash of a config's or a task's last text. */
  hash?: string;
  /** Whether a problem is shown for this file. */
  problem: boolean;
}

export interface Interpretation {
  readonly observations: Observation[];
  /** Empty or broken JSON: maybe a read in the middle of a rewrite. Nothing was concluded. */
  readonly torn: boolean;
  /**
   * An append taken on trust (see `InterpretOptions.trustAppends`): true when
   * the text did start as the previous one did. Must be called before the
   * bytes it was given are changed.
   */
  readonly check?: () => boolean;
}

export interface InterpretOptions {
  /** Whether the read is of a change as it happens (see Observation). */
  readonly live: boolean;
  /** No further read will come: torn text is reported as a problem. */
  readonly final: boolean;
  /**
   * What the journal needs of an inbox read: its messages as a change from
   * the read before, or all of them (`whole`: it has not recorded the file
   * yet, and an append is then read whole). Nothing without a journal.
   */
  readonly record?: 'whole' | 'change';
  /**
   * Take a text that looks like the previous one with elements added at its
   * end for exactly that, and leave the proof (hashing all that came before,
   * megabytes on a big team) to the `check` it returns, for after the frame is
   * drawn. When the check fails, `distrust` the file and read it again.
   */
  readonly trustAppends?: boolean;
}

/** What a text concluded; no observation when it says what the file said before. */
type Conclusion = Parsed<{ observation: Observation | undefined; invalid: readonly string[] }>;

const CLOSING = /^\s*\]\s*$/u;
const LEADING_COMMA = /^\s*,/u;

const digest = (hash: Hash): string => hash.copy().digest('base64');
const textHash = (text: string): string => createHash('sha256').update(text).digest('base64');

/** Where the last element of a JSON array's text ends, when only `]` follows it (else 0). */
function lastElementEnd(text: string): number {
  const cut = text.lastIndexOf('}') + 1;
  return cut > 0 && CLOSING.test(text.slice(cut)) ? cut : 0;
}

/** The running hash of `bytes` up to the previous cut, when they start as the previous text did. */
function startsLike(previous: InboxRead, bytes: Buffer): Hash | undefined {
  if (!previous.prefix) return undefined;
  const hash = createHash('sha256').update(bytes.subarray(0, previous.cutBytes));
  return digest(hash) === digest(previous.prefix) ? hash : undefined;
}

/** The elements after `rest`'s leading comma, or undefined when it is not a run of added elements. */
function addedElements(rest: string): unknown[] | undefined {
  const comma = LEADING_COMMA.exec(rest);
  if (!comma) return undefined;
  try {
    const added: unknown = JSON.parse(`[${rest.slice(comma[0].length)}`);
    return Array.isArray(added) ? added : undefined;
  } catch {
    return undefined;
  }
}

/** Elements decoded one by one, so that what each became is known: a message, or why it could not be read. */
function decodeEach(
  owner: string,
  elements: readonly unknown[],
  known: ReadonlyMap<string, InboxMessage>,
  firstIndex: number,
  seenAt: number,
) {
  const messages: InboxMessage[] = [];
  /** The element each message was decoded from. */
  const written: InboxElement[] = [];
  const invalid: string[] = [];
  elements.forEach((element, index) => {
    const decoded = decodeInbox(owner, [element], known, firstIndex + index, seenAt);
    const [message] = decoded.messages;
    if (message) {
      messages.push(message);
      written.push(element as InboxElement);
    } else append(invalid, decoded.invalid);
  });
  return { messages, written, invalid };
}

/**
 * `messages` as a change from `previous`: a message reused from the previous
 * read (the decoder reuses one whose key and read flag did not change) is
 * named by its place there, runs of them as one; any other is given as written.
 * The first `kept` messages are known to be the previous ones, in order (an
 * append): an append costs what was added. The previous messages are looked
 * up by place only when they come out of order.
 */
function changeFrom(
  previous: readonly InboxMessage[],
  known: ReadonlyMap<string, InboxMessage>,
  messages: readonly InboxMessage[],
  writtenAt: (index: number) => InboxElement,
  invalid: readonly string[],
  kept = 0,
): InboxChange {
  let run: [number, number] | undefined = kept > 0 ? [0, kept] : undefined;
  const pieces: (InboxRun | InboxElement)[] = run ? [run] : [];
  let places: Map<InboxMessage, number> | undefined;
  let next = kept;
  messages.slice(kept).forEach((message, offset) => {
    const index = kept + offset;
    let place: number | undefined = next;
    if (previous[next] !== message) {
      const reused = known.get(message.key) === message;
      if (reused) places ??= new Map([...previous.entries()].reverse().map(([at, earlier]) => [earlier, at]));
      place = reused ? places?.get(message) : undefined;
    }
    if (place === undefined) {
      run = undefined;
      pieces.push(writtenAt(index));
      return;
    }
    if (run && run[1] === place) run[1]++;
    else pieces.push((run = [place, place + 1]));
    next = place + 1;
  });
  return { messages: pieces, invalid, whole: false };
}

const sameMessages = (previous: InboxRead, messages: readonly InboxMessage[], invalid: readonly string[]): boolean =>
  previous.messages.length === messages.length &&
  previous.messages.every((message, index) => message === messages[index]) &&
  previous.invalid.length === invalid.length &&
  previous.invalid.every((why, index) => why === invalid[index]);

const isRun = (piece: InboxRun | InboxElement): piece is InboxRun => Array.isArray(piece);

export class FileInterpreter {
  private readonly files = new Map<string, FileState>();

  /**
   * What a file's content says. Torn text concludes nothing unless `final` (no
   * further read will come): then it is reported as a problem. The content the
   * file held last time concludes nothing either.
   *
   * An inbox is looked at as bytes: an append is recognised, and only what was
   * added is decoded, without making a string of the whole file.
   */
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
          const appended = this.append(target, state, previous, added, hash, bytes.length, appendix, at, live, record === 'change');
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
    return this.conclude(relative, state, this.parse(target, text, at, live, state, record), at, final);
  }

  /**
   * A journal's patch: elements added after the first `keep` characters of the
   * text the file held last. Undefined when that is not where its last element
   * ended (the journal lost the text it builds on).
   */
  interpretAppendix(relative: string, keep: number, appendix: string, at: number, live: boolean): Observation[] | undefined {
    const target = classifyFile(relative);
    const state = this.files.get(relative);
    const previous = state?.inbox;
    if (target?.kind !== 'inbox' || !state || !previous?.prefix || previous.cut !== keep) return undefined;
    const added = addedElements(appendix);
    if (!added) return undefined;
    const hash = previous.prefix.copy();
    const appended = this.append(
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

  /**
   * A journal's record of an inbox read as a change (see InboxChange): the
   * messages it names, taken from the previous read or decoded from the
   * elements it gives. Undefined when it names messages this interpreter does
   * not have (the journal lost what it builds on).
   */
  applyChange(relative: string, change: Pick<InboxChange, 'messages' | 'invalid'>, at: number, live: boolean): Observation[] | undefined {
    const target = classifyFile(relative);
    if (target?.kind !== 'inbox') return undefined;
    const previous = this.files.get(relative)?.inbox;
    const before = previous?.messages ?? [];
    const known = previous?.known ?? new Map<string, InboxMessage>();
    const messages: InboxMessage[] = [];
    let written: unknown[] = [];
    const decodeWritten = (): boolean => {
      const decoded = decodeInbox(target.member, written, known, 0, live ? at : Number.NaN);
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
    const observation: Observation = {
      kind: 'inbox',
      team: target.team,
      member: target.member,
      messages,
      at,
      live,
      ...(appended ? { unchanged: before.length } : {}),
    };
    return this.conclude(relative, state, { ok: true, value: { observation, invalid: change.invalid } }, at, true).observations;
  }

  /** A file was removed: forget it, and clear its problem. */
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

  /**
   * The file could not be read at all (see the loader). What it showed last
   * stays; the problem goes once it reads cleanly again, even unchanged.
   */
  fail(relative: string, message: string, at: number): Observation[] {
    const state = this.state(relative);
    state.problem = true;
    state.hash = undefined;
    return [{ kind: 'problem', path: relative, message, at }];
  }

  /** The problem shown for a file went (a journal's record of it). */
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

  /**
   * What was concluded from this file's last reads cannot be trusted (an
   * append's check failed): its next read is interpreted from scratch.
   */
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

  /** Observations for what was parsed: the file's, and its problem appearing or clearing. */
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

  /** Elements were added after the previous read's last one: decode only those. */
  private append(
    target: Extract<FileTarget, { kind: 'inbox' }>,
    state: FileState,
    previous: InboxRead,
    added: unknown[],
    hash: Hash,
    bytes: number,
    appendix: string,
    at: number,
    live: boolean,
    record: boolean,
  ): Conclusion {
    const tail = decodeEach(target.member, added, previous.known, previous.elements, live ? at : Number.NaN);
    const messages = [...previous.messages, ...tail.messages];
    const change = record
      ? changeFrom(
          previous.messages,
          previous.known,
          messages,
          (index) => tail.written[index - previous.messages.length]!,
          [...previous.invalid, ...tail.invalid],
          previous.messages.length,
        )
      : undefined;
    for (const message of tail.messages) previous.known.set(message.key, message);
    const end = lastElementEnd(appendix);
    const grown = appendix.slice(0, end);
    // The running hash covers the old start: add what lies between it and the new end.
    const read: InboxRead = {
      bytes,
      cut: end > 0 ? previous.cut + end : 0,
      cutBytes: end > 0 ? previous.cutBytes + Buffer.byteLength(grown) : 0,
      prefix: end > 0 ? hash.update(grown) : undefined,
      messages,
      known: previous.known,
      elements: previous.elements + added.length,
      invalid: [...previous.invalid, ...tail.invalid],
    };
    state.inbox = read;
    const observation: Observation = {
      kind: 'inbox',
      team: target.team,
      member: target.member,
      messages: read.messages,
      at,
      live,
      unchanged: previous.messages.length,
      ...(change ? { change } : {}),
    };
    return { ok: true, value: { observation, invalid: read.invalid } };
  }

  private parse(
    target: FileTarget,
    text: string,
    at: number,
    live: boolean,
    state: FileState,
    record: InterpretOptions['record'],
  ): Conclusion {
    switch (target.kind) {
      case 'config':
      case 'team-file': {
        const result = parseConfig(text);
        if (!result.ok) return result;
        const flat = target.kind === 'team-file' ? { flat: true } : {};
        return {
          ok: true,
          value: { observation: { kind: 'config', team: target.team, config: result.value, ...flat, at, live, source: text }, invalid: [] },
        };
      }
      case 'agent-status': {
        const result = parseAgentStatus(text);
        if (!result.ok) return result;
        const observation: Observation = {
          kind: 'agent-status',
          team: target.team,
          member: target.member,
          status: result.value,
          at,
          live,
          source: text,
        };
        return { ok: true, value: { observation, invalid: [] } };
      }
      case 'output-log':
      case 'artifacts':
        // Not JSON: the loader follows a log and lists a folder itself.
        return { ok: false, torn: false, message: 'not a JSON file' };
      case 'task': {
        const result = parseTask(text, target.id);
        if (!result.ok) return result;
        return {
          ok: true,
          value: { observation: { kind: 'task', team: target.team, task: result.value, at, live, source: text }, invalid: [] },
        };
      }
      case 'inbox': {
        // Seen arriving only when watched as it changed: a scan says what is there, not since when.
        const result = parseInboxElements(text);
        if (!result.ok) return result;
        const previous = state.inbox;
        const known = previous?.known ?? new Map<string, InboxMessage>();
        const { messages, written, invalid } = decodeEach(target.member, result.value, known, 0, live ? at : Number.NaN);
        const cut = lastElementEnd(text);
        const start = text.slice(0, cut);
        state.inbox = {
          bytes: Buffer.byteLength(text),
          cut,
          cutBytes: Buffer.byteLength(start),
          prefix: cut > 0 ? createHash('sha256').update(start) : undefined,
          messages,
          known: new Map(messages.map((message) => [message.key, message])),
          elements: messages.length + invalid.length,
          invalid,
        };
        // Rewritten to the same messages (or read for the first time since a journal's restore): nothing to say.
        if (previous && !state.problem && sameMessages(previous, messages, invalid))
          return { ok: true, value: { observation: undefined, invalid } };
        const change: InboxChange | undefined =
          record === undefined
            ? undefined
            : record === 'whole' || !previous
              ? { messages: written, invalid, whole: true }
              : changeFrom(previous.messages, known, messages, (index) => written[index]!, invalid);
        const observation: Observation = {
          kind: 'inbox',
          team: target.team,
          member: target.member,
          messages,
          at,
          live,
          ...(change ? { change } : {}),
        };
        return { ok: true, value: { observation, invalid } };
      }
    }
  }
}
