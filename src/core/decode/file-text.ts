import { createHash } from 'node:crypto';
import { parseAgentStatus, parseConfig, parseInboxElements, parseTask } from './parse.js';
import type { InboxMessage } from '../model/inbox.js';
import type { InboxChange, Observation } from '../model/observation.js';
import type { TeamFileTarget } from '../model/paths.js';
import { changeFrom, decodeEach, inboxObservation, lastElementEnd, sameMessages, type Conclusion, type FileState } from './inbox-reads.js';

/** An inbox's text is remembered in `state`. */
export function parseFileText(
  target: TeamFileTarget,
  text: string,
  at: number,
  live: boolean,
  state: FileState,
  record: 'whole' | 'change' | undefined,
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
      const { messages, written, invalid } = decodeEach(target.member, result.value, known, 0, live ? at : Number.NaN, at);
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
      return { ok: true, value: { observation: inboxObservation(target, messages, at, live, change ? { change } : {}), invalid } };
    }
  }
}
