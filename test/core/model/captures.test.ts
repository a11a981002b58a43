import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig, parseInbox, parseTask } from '../../../src/core/decode/parse.js';
import type { InboxMessage } from '../../../src/core/model/inbox.js';
import { classifyFile } from '../../../src/core/model/paths.js';
import { KNOWN_PROTOCOL_TYPES } from '../../../src/core/decode/protocol.js';
import { CAPTURES } from '../../helpers/fixtures.js';

function* jsonFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* jsonFiles(path);
    else if (name.endsWith('.json')) yield path;
  }
}

/** Every file of a capture folder, parsed as teamtop parses it. */
function readCapture(folder: string) {
  const messages: InboxMessage[] = [];
  let configs = 0;
  let tasks = 0;
  for (const path of jsonFiles(join(CAPTURES, folder))) {
    // Snapshot folders nest a claude dir: classify the part from teams/ or tasks/ on.
    const rel = relative(join(CAPTURES, folder), path).replace(/^snapshots\/[^/]+\//u, '');
    const target = classifyFile(rel);
    expect(target, rel).toBeDefined();
    const text = readFileSync(path, 'utf8');
    if (target!.kind === 'config') {
      const config = parseConfig(text);
      expect(config.ok, `${rel}: ${config.ok ? '' : config.message}`).toBe(true);
      configs++;
    } else if (target!.kind === 'task') {
      const task = parseTask(text, target!.id);
      expect(task.ok, rel).toBe(true);
      tasks++;
    } else if (target!.kind === 'inbox') {
      const inbox = parseInbox(text, target!.member, new Map());
      if (!inbox.ok) throw new Error(`${rel}: ${inbox.message}`);
      expect(inbox.value.invalid, rel).toEqual([]);
      messages.push(...inbox.value.messages);
    } else {
      throw new Error(`${rel}: not a file Claude Code writes (${target!.kind})`);
    }
  }
  const kinds: Record<string, number> = {};
  for (const message of messages) kinds[message.kind] = (kinds[message.kind] ?? 0) + 1;
  return { messages, kinds, configs, tasks };
}

function expectFullyDecoded(messages: readonly InboxMessage[]) {
  for (const message of messages) {
    if (message.kind === 'text') {
      expect(message.text).toBe(message.body);
      continue;
    }
    expect(KNOWN_PROTOCOL_TYPES, message.kind).toContain(message.kind);
    expect(message.text).not.toContain('{');
    expect(message.data?.type).toBe(message.kind);
  }
}

describe('real captures', () => {
  it('cc-2.1.34: decodes all 14 messages of 3 inboxes', () => {
    const { messages, kinds, configs, tasks } = readCapture('cc-2.1.34-js-testing-research');
    expect(configs).toBe(1);
    expect(tasks).toBe(2);
    expect(messages).toHaveLength(14);
    expect(kinds).toEqual({
      permission_response: 4,
      text: 3,
      shutdown_request: 2,
      permission_request: 1,
      idle_notification: 2,
      shutdown_approved: 2,
    });
    expectFullyDecoded(messages);
  });

  it('cc-2026-02 hive: decodes all 60 messages of 20 inboxes, including task assignments', () => {
    const { messages, kinds, configs } = readCapture('cc-2026-02-hive-analysis');
    expect(configs).toBe(6);
    expect(messages).toHaveLength(60);
    expect(kinds).toEqual({ task_assignment: 15, text: 16, idle_notification: 19, shutdown_request: 6, shutdown_approved: 4 });
    expectFullyDecoded(messages);
    const assignment = messages.find((message) => message.kind === 'task_assignment')!;
    expect(assignment.text).toMatch(/^task #\d+ assigned/u);
  });

  it('cc-2.1.231: decodes all 14 messages, keyed by msg_id', () => {
    const { messages, kinds, tasks } = readCapture('cc-2.1.231-probe-spike');
    expect(messages).toHaveLength(14);
    expect(kinds).toEqual({ task_assignment: 5, text: 5, idle_notification: 4 });
    expect(tasks).toBe(7);
    expectFullyDecoded(messages);
    for (const message of messages) expect(message.key).toMatch(/^[0-9a-f-]{36}$/u);
    // The snapshots hold 9 distinct messages.
    expect(new Set(messages.map((message) => message.key)).size).toBe(9);
  });
});
