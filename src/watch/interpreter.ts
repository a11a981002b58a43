/**
 * From a file's text to observations, remembering what each file held last: the
 * decoded messages of an inbox (so unchanged ones are reused) and whether a
 * problem is shown for it. The live loader and a journal replay share it, so a
 * replay reaches exactly the state the live run reached.
 */
import { parseConfig, parseInbox, parseTask, type Parsed } from '../domain/files.js';
import type { InboxMessage } from '../domain/inbox.js';
import type { Observation } from '../domain/observation.js';
import { classifyFile, type FileTarget } from '../domain/paths.js';

interface FileState {
  /** Decoded messages of the last good read of an inbox, by key. */
  known?: ReadonlyMap<string, InboxMessage>;
  /** Whether a problem is shown for this file. */
  problem: boolean;
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
        const result = parseInbox(text, target.member, state.known ?? new Map());
        if (!result.ok) return result;
        const { messages, invalid } = result.value;
        state.known = new Map(messages.map((message) => [message.key, message]));
        return {
          ok: true,
          value: { observation: { kind: 'inbox', team: target.team, member: target.member, messages, at, live, source: text }, invalid },
        };
      }
    }
  }
}
