/**
 * Whatever a file holds, decoding it gives a state or a problem, never an
 * exception, and so does everything a user can do with the result: the --json
 * document, the one-line renderings, the detail view.
 */
import { stalling } from '../helpers/thresholds.js';
import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldLines, messageLines } from '../../src/ui/widgets/message-detail.js';
import { handshakeLines } from '../../src/ui/panes/handshakes/model.js';
import { taskLines } from '../../src/ui/panes/tasks/model.js';
import { parseConfig, parseInbox, parseTask } from '../../src/core/decode/parse.js';
import type { InboxMessage } from '../../src/core/model/inbox.js';
import type { Observation } from '../../src/core/model/observation.js';
import { KNOWN_PROTOCOL_TYPES, renderProtocol } from '../../src/core/decode/protocol.js';
import { formatAge, formatClock } from '../../src/core/model/time.js';
import { buildTimeline } from '../../src/core/model/timeline.js';
import { JournalWriter } from '../../src/io/journal/writer.js';
import { namespaceDir } from '../../src/io/journal/store-dir.js';
import { advance } from '../../src/core/app-state.js';
import { selectHandshakes } from '../../src/core/select/handshakes.js';
import { selectMembers } from '../../src/core/select/members.js';
import { selectTaskGraph } from '../../src/core/select/tasks.js';
import { selectTeamMessages } from '../../src/core/select/messages.js';
import { selectTeamSummaries } from '../../src/core/select/teams.js';
import { snapshot } from '../../src/core/snapshot.js';
import { FileInterpreter } from '../../src/core/decode/interpreter.js';
import { tempDir } from '../helpers/fixtures.js';
import { frame } from '../helpers/render.js';
import { initialState, type AppState } from '../../src/core/app-state.js';

const TEAM = 'team';
const CONFIG = `teams/${TEAM}/config.json`;
const INBOX = `teams/${TEAM}/inboxes/lead.json`;
const TASK = `tasks/${TEAM}/7.json`;
const PATHS = [CONFIG, INBOX, TASK] as const;
const KIND_OF = { [CONFIG]: 'config', [INBOX]: 'inbox', [TASK]: 'task' } as const;
const NOW = Date.parse('2026-03-01T12:00:00.000Z');

// ---------------------------------------------------------------- arbitraries

/** Keys that trip up code which treats parsed JSON as a plain object. */
const oddKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'type',
  'requestId',
  'request_id',
  'msg_id',
  '',
);
const json = fc.jsonValue({ maxDepth: 3 });
const key = fc.oneof(fc.string({ maxLength: 6 }), oddKey);
const fields = fc.dictionary(key, json, { maxKeys: 4 });

/** Instants as files hold them, including numbers no Date can hold. */
const instant = fc.oneof(
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }),
  fc.double(),
  fc.constantFrom(8.64e15, 8.64e15 + 1, -8.64e15 - 1, 1e20, -1e300, 'yesterday', ''),
  json,
);

/** A protocol message's fields, known ones with the values they take and with others. */
const protocolFields = fc.record(
  {
    requestId: fc.oneof(fc.constantFrom('r1', 'r2', 'shutdown-1@w'), fc.integer(), json),
    request_id: fc.oneof(fc.constantFrom('r1', 'r2'), json),
    approve: fc.oneof(fc.boolean(), json),
    approved: fc.oneof(fc.boolean(), json),
    allow: fc.oneof(fc.boolean(), json),
    subtype: fc.oneof(fc.constantFrom('success', 'error'), json),
    response: fc.oneof(fc.record({ behavior: fc.constantFrom('allow', 'deny'), message: fc.string() }), json),
    idleReason: fc.oneof(fc.constantFrom('available', 'interrupted', 'failed'), json),
    completedTaskId: fc.oneof(fc.integer(), fc.string(), json),
    plan: fc.oneof(fc.string(), json),
    tool_name: fc.oneof(fc.string(), json),
    input: json,
    taskId: json,
  },
  { requiredKeys: [] },
);
const protocolType = fc.oneof(
  fc.constantFrom(...KNOWN_PROTOCOL_TYPES, 'x', '__proto__', 'constructor', 'toString'),
  fc.string({ maxLength: 8 }),
);
const protocolText = fc
  .tuple(protocolType, protocolFields, fields)
  .map(([type, known, extra]) => JSON.stringify({ ...extra, ...known, type }));
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  protocolText,
  fc.constantFrom('{not json}', '{', ' {"type":1}', '{"type":"x"}', '{}', '[]'),
);

/** An inbox element: mostly envelopes, right or wrong in every field, sometimes anything at all. */
const envelope = fc
  .tuple(
    fc.record(
      {
        from: fc.oneof(fc.constantFrom('lead', 'worker', 'helper'), json),
        text: fc.oneof({ weight: 4, arbitrary: text }, { weight: 1, arbitrary: json }),
        timestamp: instant,
        read: fc.oneof(fc.boolean(), json),
        summary: fc.oneof(fc.string(), json),
        color: fc.oneof(fc.constantFrom('blue', 'red', 'mauve'), json),
        msg_id: fc.oneof(fc.uuid(), fc.constantFrom('', 'same'), json),
        msgV: json,
      },
      { requiredKeys: ['from', 'text'] },
    ),
    fields,
  )
  .map(([known, extra]) => ({ ...extra, ...known }));
const element = fc.oneof({ weight: 4, arbitrary: envelope }, { weight: 1, arbitrary: json });
const elements = fc.array(element, { maxLength: 6 });

const member = fc
  .tuple(
    fc.record(
      {
        name: fc.oneof(fc.constantFrom('lead', 'worker'), json),
        agentId: fc.oneof(fc.constantFrom('lead@team', 'worker@team'), json),
        agentType: fc.oneof(fc.constantFrom('team-lead', 'general-purpose'), json),
        joinedAt: instant,
        color: json,
        isActive: json,
        tmuxPaneId: fc.oneof(fc.constant('leader'), json),
      },
      { requiredKeys: ['name'] },
    ),
    fields,
  )
  .map(([known, extra]) => ({ ...extra, ...known }));
const config = fc
  .tuple(
    fc.record(
      {
        name: json,
        description: json,
        createdAt: instant,
        leadAgentId: fc.oneof(fc.constant('lead@team'), json),
        members: fc.oneof(fc.array(member, { maxLength: 3 }), json),
      },
      { requiredKeys: [] },
    ),
    fields,
  )
  .map(([known, extra]) => ({ ...extra, ...known }));
const id = fc.oneof(fc.constantFrom('1', '7', '8'), fc.integer({ min: -2, max: 9 }), json);
const task = fc
  .tuple(
    fc.record(
      {
        id,
        subject: json,
        status: fc.oneof(fc.constantFrom('pending', 'in_progress', 'completed', 'deleted'), json),
        owner: json,
        blocks: fc.oneof(fc.array(id, { maxLength: 3 }), json),
        blockedBy: fc.oneof(fc.array(id, { maxLength: 3 }), json),
        metadata: fc.oneof(fc.record({ _internal: json }), json),
      },
      { requiredKeys: [] },
    ),
    fields,
  )
  .map(([known, extra]) => ({ ...extra, ...known }));

/** A plausible file for each path: a value of roughly the right shape, as JSON text. */
const plausible = fc.oneof(
  config.map((value) => [CONFIG, value] as const),
  elements.map((value) => [INBOX, value] as const),
  task.map((value) => [TASK, value] as const),
);
const indent = fc.constantFrom(undefined, 2);

/** Bytes: random ones, and valid texts with some bytes changed (invalid UTF-8 inside strings among them). */
const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 64 }).map((array) => Buffer.from(array)),
  fc
    .tuple(plausible, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 }))
    .map(([[, value], edits]) => {
      const buffer = Buffer.from(JSON.stringify(value));
      for (const [at, byte] of edits) if (buffer.length > 0) buffer[at % buffer.length] = byte;
      return buffer;
    }),
);

// ------------------------------------------------------------------- helpers

function observe(state: AppState, observations: readonly Observation[]): AppState {
  return advance(state, { type: 'observed', observations }, DEFAULT_THRESHOLDS);
}

const teamFolder: Observation = { kind: 'folder', target: { kind: 'team-dir', team: TEAM }, at: NOW };

/** Everything a user can have drawn or printed from a state, as the dashboard and --json do it. */
function showEverything(state: AppState): void {
  JSON.stringify(snapshot(state, { thresholds: DEFAULT_THRESHOLDS, claudeDir: '/claude', now: NOW }), null, 2);
  selectTeamSummaries(state.teams);
  for (const team of state.teams.values()) {
    const messages: InboxMessage[] = selectTeamMessages(team.inboxes);
    buildTimeline(messages);
    for (const message of messages) {
      formatClock(message.time);
      formatAge(NOW - message.time);
      if (message.data) {
        renderProtocol(message.data);
        fieldLines(message.data);
      }
      messageLines(message, 60);
    }
    for (const view of selectMembers(team)) formatAge(NOW - view.statusSince);
    for (const node of selectTaskGraph(team.tasks)) taskLines(node, 60);
    for (const handshake of selectHandshakes(team, NOW, stalling(60_000))) handshakeLines(handshake, 60);
  }
}

interface Read {
  readonly observations: readonly Observation[];
  readonly torn: boolean;
}

/** A state or a problem: a final read always concludes one; any other read may also say it was torn. */
function expectConcluded(path: (typeof PATHS)[number], read: Read, final: boolean): void {
  if (read.torn) {
    expect(final).toBe(false);
    expect(read.observations).toEqual([]);
    return;
  }
  const kinds = read.observations.map((observation) => observation.kind);
  expect(kinds.includes(KIND_OF[path]) || kinds.includes('problem')).toBe(true);
}

/** Read a file as the live loader does, then use everything on the state it gives. */
function readAndUse(path: (typeof PATHS)[number], content: string | Buffer, final: boolean): AppState {
  const read = new FileInterpreter().interpret(path, content, NOW, { live: true, final });
  expectConcluded(path, read, final);
  const state = observe(observe(initialState, [teamFolder]), read.observations);
  showEverything(state);
  return state;
}

/** How many elements a read's problem says were unreadable: "message 2: … (and 3 more)". */
function invalidCount(observations: readonly Observation[]): number {
  const problem = observations.find((observation) => observation.kind === 'problem');
  if (!problem) return 0;
  const more = /\(and (\d+) more\)$/u.exec(problem.message);
  return 1 + (more ? Number(more[1]) : 0);
}

const inboxOf = (observations: readonly Observation[]) =>
  observations.find((observation): observation is Extract<Observation, { kind: 'inbox' }> => observation.kind === 'inbox');

// ----------------------------------------------------------------- properties

describe('decoding any file (property)', () => {
  it('turns any JSON value, as any kind of file, into a value or a problem', () => {
    fc.assert(
      fc.property(fc.oneof(json, config, task, elements), indent, (value, space) => {
        const text = JSON.stringify(value, null, space);
        for (const parsed of [parseConfig(text), parseTask(text, '7'), parseInbox(text, 'lead', new Map())]) {
          if (!parsed.ok) {
            expect(parsed.torn).toBe(false);
            expect(parsed.message).not.toBe('');
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads any text or bytes, as any kind of file, to a state or a problem, and everything downstream copes', () => {
    const content = fc.oneof(
      plausible.chain(([path, value]) => indent.map((space) => [path, JSON.stringify(value, null, space)] as const)),
      fc.tuple(
        fc.constantFrom(...PATHS),
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 40 }),
          json.map((value) => JSON.stringify(value)),
        ),
      ),
      fc.tuple(fc.constantFrom(...PATHS), bytes),
    );
    fc.assert(
      fc.property(content, fc.boolean(), ([path, text], final) => {
        readAndUse(path, text, final);
      }),
      { numRuns: 300 },
    );
  });

  it('accounts for every element of an inbox array: decoded as a message or listed as invalid', () => {
    fc.assert(
      fc.property(elements, elements, indent, (earlier, array, space) => {
        // Decoding reuses what the previous read of the file decoded: make some of it the same.
        const before = parseInbox(JSON.stringify([...earlier, ...array.slice(0, 2)]), 'lead', new Map());
        if (!before.ok) throw new Error(before.message);
        const known = new Map(before.value.messages.map((message) => [message.key, message]));
        for (const parsed of [
          parseInbox(JSON.stringify(array, null, space), 'lead', new Map()),
          parseInbox(JSON.stringify(array), 'lead', known),
        ]) {
          if (!parsed.ok) throw new Error(parsed.message);
          expect(parsed.value.messages.length + parsed.value.invalid.length).toBe(array.length);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('accounts for every element when the reader takes an append as one, and reaches the state a fresh reader does', () => {
    fc.assert(
      fc.property(elements, elements, indent, (first, added, space) => {
        const interpreter = new FileInterpreter();
        const all = [...first, ...added];
        interpreter.interpret(INBOX, JSON.stringify(first, null, space), NOW, { live: true, final: true, trustAppends: false });
        const appended = interpreter.interpret(INBOX, JSON.stringify(all, null, space), NOW + 1, {
          live: true,
          final: true,
          trustAppends: false,
        });
        const fresh = new FileInterpreter().interpret(INBOX, JSON.stringify(all, null, space), NOW + 1, { live: true, final: true });
        for (const { observations } of [appended, fresh]) {
          const inbox = inboxOf(observations);
          if (!inbox) {
            // Nothing changed: the first read already held every element.
            expect(added).toEqual([]);
            continue;
          }
          expect(inbox.messages.length + invalidCount(observations)).toBe(all.length);
        }
        // The same distinct messages. (Not always the same list: a message is known by its
        // msg_id, and a reader that decoded one reuses it for a later element with that id,
        // which a fresh reader may find unreadable. The history keeps one per key anyway.)
        // In any order: which of two elements with one msg_id is the readable one decides where it stands.
        const keys = (read: Read) => new Set(inboxOf(read.observations)?.messages.map((message) => message.key));
        if (added.length > 0) expect(keys(appended)).toEqual(keys(fresh));
      }),
      { numRuns: 200 },
    );
  });
});

// ------------------------------------------------------------- deep nesting

const DEPTH = 100_000;
/** `[[[…]]]` and `{"a":{"a":…}}` nested DEPTH deep, built as text: JSON.parse takes them, recursion does not. */
const deepArray = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const deepObject = `${'{"a":'.repeat(DEPTH)}0${'}'.repeat(DEPTH)}`;
const protocol = (type: string, body: string) => JSON.stringify(`{"type":${JSON.stringify(type)},${body}}`);

const deepFiles: Record<(typeof PATHS)[number], string[]> = {
  [CONFIG]: [
    deepArray,
    deepObject,
    `{"name":"t","createdAt":1772359200000,"extra":${deepObject},"members":[{"name":"lead","x":${deepArray},"prompt":${deepObject}},{"name":${deepArray}}]}`,
    `{"members":${deepArray}}`,
  ],
  [TASK]: [
    deepArray,
    deepObject,
    `{"subject":"s","blocks":${deepArray},"blockedBy":[${deepArray}],"metadata":${deepObject},"x":${deepArray},"owner":${deepObject}}`,
    `{"id":${deepObject},"metadata":{"_internal":${deepArray},"y":${deepObject}}}`,
  ],
  [INBOX]: [
    deepArray,
    `[${deepArray},${deepObject}]`,
    `[{"from":"worker","timestamp":"2026-03-01T10:00:00.000Z","text":${protocol('x', `"a":${deepArray},"b":${deepObject}`)}}]`,
    `[{"from":"worker","timestamp":"2026-03-01T10:00:01.000Z","text":${protocol('permission_request', `"request_id":"r1","tool_name":"Bash","input":${deepObject},"permission_suggestions":${deepArray}`)}},` +
      `{"from":"lead","timestamp":"2026-03-01T10:00:02.000Z","text":${protocol('permission_response', `"request_id":"r1","response":${deepObject},"approve":${deepArray}`)}},` +
      `{"from":"worker","timestamp":"2026-03-01T10:00:03.000Z","text":${protocol('idle_notification', `"idleReason":${deepObject},"summary":${deepArray}`)}},` +
      `{"from":"worker","timestamp":"2026-03-01T10:00:04.000Z","msg_id":${deepObject},"text":"hi","extra":${deepArray}},` +
      `{"from":${deepArray},"text":"x"},{"from":"worker","text":${deepObject}}]`,
  ],
};

describe(`files nested ${DEPTH} deep`, () => {
  it.each(PATHS)('reads %s to a state or a problem, and everything downstream copes', (path) => {
    const stateDir = tempDir();
    const claudeDir = tempDir();
    const writer = new JournalWriter({
      thresholds: DEFAULT_THRESHOLDS,
      stateDir,
      namespace: namespaceDir(stateDir, claudeDir),
      claudeDir,
      maxBytes: 1 << 30,
    });
    try {
      for (const text of deepFiles[path]) {
        for (const final of [true, false]) {
          const read = new FileInterpreter().interpret(path, Buffer.from(text), NOW, { live: true, final });
          expectConcluded(path, read, final);
          writer.record(read.observations);
          const state = observe(observe(initialState, [teamFolder]), read.observations);
          showEverything(state);
          expect(frame(state, { width: 120, height: 40, now: NOW })).toContain(TEAM);
        }
      }
      writer.flush();
    } finally {
      writer.close();
    }
  });

  it('keeps protocol data to a bounded depth, marking what was cut', () => {
    const text = deepFiles[INBOX][2]!;
    const parsed = parseInbox(text, 'lead', new Map());
    if (!parsed.ok) throw new Error(parsed.message);
    const data = parsed.value.messages[0]!.data!;
    const shown = JSON.stringify(data);
    expect(shown.length).toBeLessThan(200);
    expect(shown).toContain('…');
    expect(renderProtocol(data)).toMatch(/^x: a=\[\[.*…/u);
  });
});
