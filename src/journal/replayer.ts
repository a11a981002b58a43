/**
 * Turns journal lines back into observations, through the same interpreter the
 * live loader uses, so a replay reaches the state the recorded run reached.
 */
import type { Observation } from '../domain/observation.js';
import { textHash } from './text-hash.js';
import { classifyFolder } from '../domain/paths.js';
import { FileInterpreter } from '../watch/interpreter.js';
import type { JournalEntry, JournalLine } from './format.js';

export class Replayer {
  private readonly interpreter = new FileInterpreter();
  /** The text of each file as last recorded, within the current run (patches build on it). */
  private readonly texts = new Map<string, string>();
  /** A hash of each file's text as last recorded in any run. */
  readonly lastHashes = new Map<string, string>();
  /** Team and task folders present at the end of what was replayed. */
  readonly folders = new Set<string>();

  /** Observations for one line; a header starts a new run. */
  apply(line: JournalLine): Observation[] {
    if (line.kind === 'header') {
      this.texts.clear();
      return [];
    }
    return this.applyEntry(line.entry);
  }

  private applyEntry(entry: JournalEntry): Observation[] {
    switch (entry.op) {
      case 'file': {
        const before = this.texts.get(entry.path);
        // A patch whose base is missing (its run was cut) cannot be rebuilt: skip it.
        if (entry.keep !== undefined && before === undefined) return [];
        const text = entry.keep === undefined ? entry.text : before!.slice(0, entry.keep) + entry.text;
        this.texts.set(entry.path, text);
        this.lastHashes.set(entry.path, textHash(text));
        return this.interpreter.interpret(entry.path, text, entry.t, entry.live, true).observations;
      }
      case 'gone':
        this.texts.delete(entry.path);
        this.lastHashes.delete(entry.path);
        return this.interpreter.remove(entry.path, entry.t, entry.live);
      case 'folder': {
        const target = classifyFolder(entry.path);
        if (!target) return [];
        if (entry.present) {
          this.folders.add(entry.path);
          return [{ kind: 'folder', target, at: entry.t }];
        }
        this.folders.delete(entry.path);
        const prefix = `${entry.path}/`;
        const forgotten: Observation[] = [];
        for (const path of this.interpreter.knownFiles()) if (path.startsWith(prefix)) forgotten.push(...this.interpreter.forget(path));
        for (const path of [...this.lastHashes.keys()]) if (path.startsWith(prefix)) this.lastHashes.delete(path);
        return [...forgotten, { kind: 'folder-gone', target, at: entry.t }];
      }
    }
  }
}

/** The time of a line (headers: the run's start). */
export const timeOf = (line: JournalLine): number => (line.kind === 'header' ? line.header.started : line.entry.t);
