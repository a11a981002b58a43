/**
 * The conformance run's check of each member's work (conformance/work.mjs):
 * teamtop's tokens, tool calls and live activity against the fake API's
 * ledger. It must catch what it is there to catch.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkWork, readLedger, SUBAGENTS_COUNTED } from '../../conformance/work.mjs';
import { tempDir } from '../helpers/fixtures.js';

const usage = (input: number, output: number, cacheRead: number, cacheCreation: number) => ({ input, output, cacheRead, cacheCreation });

/** The lead asked for one Bash call that ran 3 s, bob for a Read and then wrote text; one side call. */
const LEDGER = {
  responses: [
    { seq: 1, at: 1000, who: 'lead', id: 'msg_1', usage: usage(100, 10, 1000, 50), tools: [{ id: 'toolu_1', name: 'Bash' }] },
    { seq: 2, at: 1200, who: null, id: 'msg_2', usage: usage(9, 9, 9, 9), tools: [] },
    { seq: 3, at: 1300, who: 'bob', id: 'msg_3', usage: usage(200, 20, 0, 70), tools: [{ id: 'toolu_2', name: 'Read' }] },
    { seq: 4, at: 1400, who: 'bob', id: 'msg_4', usage: usage(210, 5, 300, 0), tools: [] },
    { seq: 5, at: 4200, who: 'lead', id: 'msg_5', usage: usage(120, 30, 1100, 0), tools: [] },
  ],
  results: new Map([
    ['toolu_1', 4100],
    ['toolu_2', 1350],
  ]),
};
const WRITTEN = new Set(['msg_1', 'msg_3', 'msg_4', 'msg_5']);

const member = (name: string, isLead: boolean, figures: Record<string, number> | null) => ({
  name,
  isLead,
  usage: figures && { cacheReadTokens: 0, cacheCreationTokens: 0, ...figures },
});

function teamtop(lead = { inputTokens: 220, outputTokens: 40, cacheReadTokens: 2100, cacheCreationTokens: 50, toolCalls: 1 }) {
  return {
    teams: [
      {
        ended: false,
        members: [
          member('team-lead', true, lead),
          member('bob', false, { inputTokens: 410, outputTokens: 25, cacheReadTokens: 300, cacheCreationTokens: 70, toolCalls: 1 }),
        ],
      },
    ],
  };
}

const activity = (receivedAt: number, who: string, state: string, tool: string | null = null) => ({
  event: 'activity',
  member: who,
  activity: { state, tool },
  receivedAt,
});
const EVENTS = [activity(1500, 'team-lead', 'tool', 'Bash'), activity(4150, 'team-lead', 'thinking'), activity(1450, 'bob', 'idle')];

describe("the conformance run's check of each member's work", () => {
  it('agrees when teamtop sums each written response once and named the long call while it ran', () => {
    const work = checkWork({ ledger: LEDGER, written: WRITTEN, teamtop: teamtop(), events: EVENTS });
    expect(work.failures).toEqual([]);
    expect(work).toMatchObject({ members: 2, responses: 4, unwritten: 0, tools: 2, named: 1, long: 1, longNamed: 1, sideCalls: 0 });
    expect(work.tokens).toBe(220 + 40 + 2100 + 50 + 410 + 25 + 300 + 70);
  });

  it('finds a response counted twice, a tool call missed and a field taken for another', () => {
    const lead = { inputTokens: 320, outputTokens: 40, cacheReadTokens: 50, cacheCreationTokens: 2100, toolCalls: 2 };
    const { failures } = checkWork({ ledger: LEDGER, written: WRITTEN, teamtop: teamtop(lead), events: EVENTS });
    expect(failures).toEqual([
      'team-lead: inputTokens 320, the fake API gave 220',
      'team-lead: cacheReadTokens 50, the fake API gave 2100',
      'team-lead: cacheCreationTokens 2100, the fake API gave 50',
      'team-lead: toolCalls 2, the script made 1',
    ]);
  });

  it('finds a long call never named while it ran, and a line the dashboard did not show while a call ran', () => {
    const late = [activity(4150, 'team-lead', 'tool', 'Bash'), activity(4300, 'team-lead', 'idle')];
    const { failures } = checkWork({
      ledger: LEDGER,
      written: WRITTEN,
      teamtop: teamtop(),
      events: late,
      screens: [
        { pattern: /▶ Bash sleep 3/u, at: 4500 },
        { pattern: /never/u, at: undefined },
      ],
    });
    expect(failures).toEqual([
      'team-lead: Bash ran 3.1 s and was never named live',
      'the dashboard showed /▶ Bash sleep 3/u when no tool call was running',
      'the dashboard never showed /never/u',
    ]);
  });

  it('counts a response the client never wrote apart, and says when a side call reached a transcript', () => {
    const written = new Set([...WRITTEN, 'msg_2']);
    written.delete('msg_5');
    const lead = { inputTokens: 100, outputTokens: 10, cacheReadTokens: 1000, cacheCreationTokens: 50, toolCalls: 1 };
    const work = checkWork({ ledger: LEDGER, written, teamtop: teamtop(lead), events: EVENTS });
    expect(work).toMatchObject({ unwritten: 1, sideCalls: 1 });
    expect(work.failures).toEqual(['1 side calls (titles, summaries) were written to a transcript']);
  });

  it("holds a member's own subagent's tokens to the member (issue 35), never as a member of its own, its calls its own", () => {
    const subagent = {
      seq: 6,
      at: 1600,
      who: 'scout',
      subagentOf: 'bob',
      id: 'msg_6',
      usage: usage(500, 50, 0, 0),
      tools: [{ id: 'toolu_3', name: 'Bash' }],
    };
    const ledger = { ...LEDGER, responses: [...LEDGER.responses, subagent] };
    const written = new Set([...WRITTEN, 'msg_6']);
    expect(SUBAGENTS_COUNTED).toBe(true);
    // bob's figures without scout's: teamtop did not count it.
    expect(checkWork({ ledger, written, teamtop: teamtop(), events: EVENTS }).failures).toEqual([
      'bob: inputTokens 410, the fake API gave 910',
      'bob: outputTokens 25, the fake API gave 75',
    ]);
    // With scout's tokens, and bob's one call his own.
    const counted = teamtop();
    counted.teams[0]!.members[1] = member('bob', false, {
      inputTokens: 910,
      outputTokens: 75,
      cacheReadTokens: 300,
      cacheCreationTokens: 70,
      toolCalls: 1,
    });
    const work = checkWork({ ledger, written, teamtop: counted, events: EVENTS });
    expect(work.failures).toEqual([]);
    expect(work).toMatchObject({ members: 2, responses: 5, subagentResponses: 1 });
  });

  it('reads the HTTP errors the fake API answered apart from its responses', () => {
    const logDir = tempDir();
    mkdirSync(logDir, { recursive: true });
    const lines = [
      { seq: 1, at: 10, who: 'alice', error: 529 },
      { seq: 2, at: 20, who: 'alice', id: 'msg_2', usage: usage(1, 2, 3, 4), tools: [] },
      { result: 'toolu_1', at: 30 },
    ];
    writeFileSync(join(logDir, 'ledger.jsonl'), lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    const ledger = readLedger(logDir);
    expect(ledger.errors).toEqual([lines[0]]);
    expect(ledger.responses.map((response) => response.id)).toEqual(['msg_2']);
    expect(ledger.results.get('toolu_1')).toBe(30);
  });
});
