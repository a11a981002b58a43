/**
 * From a file's text to observations, remembering what each file held last: the
 * decoded messages of an inbox (so unchanged ones are reused) and whether a
 * problem is shown for it. The live loader and a journal replay share it, so a
 * replay reaches exactly the state the live run reached.
 */
import { createHash, type Hash } from 'node:crypto';
import { parseConfig, parseInbox, parseTask, type Parsed } from '../domain/files.js';
import { decodeInbox, type InboxMessage } from '../domain/inbox.js';
import type { Observation } from '../domain/observation.js';
import { classifyFile, type FileTarget } from '../domain/paths.js';

/**
 * What the last good read of an inbox held. Not its text (an inbox can be
 * megabytes): where its last element ends, and a hash of the text up to there,
 * which is enough to tell whether the next text only adds elements after it.
 */
interface InboxRead {
  readonly length: number;
  /** Just after the last element's closing brace; 0 when there is none. */
  readonly cut: number;
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
  /** Whether a problem is shown for this file. */
  problem: boolean;
}

const CLOSING = /^\s*\]\s*$/u;
const LEADING_COMMA = /^\s*,/u;

const digest = (hash: Hash): string => hash.copy().digest('base64');

/** The end of the last element of a JSON array's text, when only `]` follows it. */
function lastElementEnd(text: string): number {
  const cut = text.lastIndexOf('}') + 1;
  return cut > 0 && CLOSING.test(text.slice(cut)) ? cut : 0;
}

function prefixHash(text: string, cut: number): Hash | undefined {
  return cut > 0 ? createHash('sha256').update(text.slice(0, cut)) : undefined;
}

/**
 * When `text` is the previous text with elements added at the end (how Claude
 * Code appends), the added elements, parsed on their own, and the running hash
 * of the new text's start; otherwise undefined.
 */
function appendedElements(previous: InboxRead, text: string): { added: unknown[]; hash: Hash } | undefined {
  if (!previous.prefix || text.length <= previous.length) return undefined;
  const hash = createHash('sha256').update(text.slice(0, previous.cut));
  if (digest(hash) !== digest(previous.prefix)) return undefined;
  const rest = text.slice(previous.cut);
  const comma = LEADING_COMMA.exec(rest);
  if (!comma) return undefined;
  try {
    const added: unknown = JSON.parse(`[${rest.slice(comma[0].length)}`);
    return Array.isArray(added) ? { added, hash } : undefined;
  } catch {
    return undefined;
  }
}

export interface Interpretation {
  readonly observations: Observation[];
  /** Empty or broken JSON: maybe a read in the middle of a rewrite. Nothing was concluded. */
  readonly torn: boolean;
}

export class FileInterpreter {
  private readonly files = new Map<string, FileState>();

  /**
   * What a file's text says. Torn text concludes nothing unless `final` (no
   * further read will come): then it is reported as a problem.
   */
  interpret(relative: string, text: string, at: number, live: boolean, final: boolean): Interpretation {
    const target = classifyFile(relative);
    if (!target) return { observations: [], torn: false };
    let state = this.files.get(relative);
    if (!state) this.files.set(relative, (state = { problem: false }));
    const observations: Observation[] = [];
    const problem = (message: string) => {
      state.problem = true;
      observations.push({ kind: 'problem', path: relative, message, at, source: text });
    };

    const parsed = this.parse(target, text, at, live, state);
    if (!parsed.ok) {
      if (parsed.torn && !final) return { observations, torn: true };
      problem(parsed.message);
      return { observations, torn: false };
    }
    observations.push(parsed.value.observation);
    const { invalid } = parsed.value;
    if (invalid.length > 0) {
      problem(`${invalid[0]}${invalid.length > 1 ? ` (and ${invalid.length - 1} more)` : ''}`);
    } else if (state.problem) {
      state.problem = false;
      observations.push({ kind: 'problem-gone', path: relative });
    }
    return { observations, torn: false };
  }

  /** A file was removed: forget it, and clear its problem. */
  remove(relative: string, at: number, live: boolean): Observation[] {
    const target = classifyFile(relative);
    const state = this.files.get(relative);
    if (!target || !state) return [];
    this.files.delete(relative);
    const observations: Observation[] = [];
    if (state.problem) observations.push({ kind: 'problem-gone', path: relative });
    observations.push({ kind: 'file-gone', target, at, live });
    return observations;
  }

  /** Forget a file without saying anything (its whole folder went). */
  forget(relative: string): Observation[] {
    const state = this.files.get(relative);
    this.files.delete(relative);
    return state?.problem ? [{ kind: 'problem-gone', path: relative }] : [];
  }

  knows(relative: string): boolean {
    return this.files.has(relative);
  }

  knownFiles(): string[] {
    return [...this.files.keys()];
  }

  private parse(
    target: FileTarget,
    text: string,
    at: number,
    live: boolean,
    state: FileState,
  ): Parsed<{ observation: Observation; invalid: readonly string[] }> {
    switch (target.kind) {
      case 'config': {
        const result = parseConfig(text);
        if (!result.ok) return result;
        return { ok: true, value: { observation: { kind: 'config', team: target.team, config: result.value, at, live, source: text }, invalid: [] } };
      }
      case 'task': {
        const result = parseTask(text, target.id);
        if (!result.ok) return result;
        return { ok: true, value: { observation: { kind: 'task', team: target.team, task: result.value, at, live, source: text }, invalid: [] } };
      }
      case 'inbox': {
        const previous = state.inbox;
        const append = previous ? appendedElements(previous, text) : undefined;
        const cut = lastElementEnd(text);
        let read: InboxRead;
        if (previous && append) {
          const tail = decodeInbox(target.member, append.added, previous.known, previous.elements);
          for (const message of tail.messages) previous.known.set(message.key, message);
          // The running hash already covers the old start: add what lies between it and the new end.
          read = {
            length: text.length,
            cut,
            prefix: cut > 0 ? append.hash.update(text.slice(previous.cut, cut)) : undefined,
            messages: [...previous.messages, ...tail.messages],
            known: previous.known,
            elements: previous.elements + append.added.length,
            invalid: [...previous.invalid, ...tail.invalid],
          };
        } else {
          const result = parseInbox(text, target.member, previous?.known ?? new Map());
          if (!result.ok) return result;
          const { messages, invalid } = result.value;
          read = {
            length: text.length,
            cut,
            prefix: prefixHash(text, cut),
            messages,
            known: new Map(messages.map((message) => [message.key, message])),
            elements: messages.length + invalid.length,
            invalid,
          };
        }
        state.inbox = read;
        const observation: Observation = {
          kind: 'inbox',
          team: target.team,
          member: target.member,
          messages: read.messages,
          at,
          live,
          source: text,
          ...(previous && append ? { unchanged: previous.messages.length, keep: previous.cut } : {}),
        };
        return { ok: true, value: { observation, invalid: read.invalid } };
      }
    }
  }
}
