/**
 * Fixtures in the repository hold no text of Claude Code's own (its system
 * prompt, reminders, tool descriptions, tool-result wording): every transcript
 * under test-fixtures is as scripts/redact.mjs would leave it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactTranscript, redactTree, unredacted } from '../../scripts/redact.mjs';
import { FIXTURES, tempDir } from '../helpers/fixtures.js';

const SESSION = '30ca3dcf-f31b-4764-ba2f-976ee1167b47';

/** A transcript as the real client writes it, with its own words in it. */
const RAW = [
  { type: 'attachment', attachment: { type: 'environment', text: 'You are Claude Code, an interactive CLI tool.' }, sessionId: SESSION },
  { type: 'user', message: { role: 'user', content: 'Fix the failing test' }, sessionId: SESSION, timestamp: '2026-11-25T23:17:18.619Z' },
  {
    type: 'user',
    message: {
      role: 'user',
      content:
        '<teammate-message teammate_id="team-lead">\n{"type":"shutdown_request","requestId":"r1"}\n\nThis is a shutdown request. To approve it, call SendMessage.\n</teammate-message>',
    },
    sessionId: SESSION,
  },
  {
    type: 'user',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'File created successfully at: /x' }] },
    toolUseResult: { type: 'create', filePath: '/x' },
    permissionDecision: { decision: 'accept', source: 'config' },
  },
  {
    type: 'assistant',
    message: {
      id: 'msg_1',
      model: 'claude-opus-5-5',
      content: [{ type: 'text', text: 'the model said this' }],
      usage: { input_tokens: 3 },
    },
  },
  { type: 'cost-state', sessionId: SESSION, totalCostUSD: 0.25, modelUsage: {} },
]
  .map((record) => JSON.stringify(record))
  .join('\n');

function transcriptIn(text: string): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'projects', '-home-dev-app'), { recursive: true });
  writeFileSync(join(dir, 'projects', '-home-dev-app', `${SESSION}.jsonl`), text);
  return dir;
}

describe('transcripts kept in the repository', () => {
  it('every transcript under test-fixtures is redacted', () => {
    expect(unredacted(FIXTURES)).toEqual([]);
  });

  it('the check finds a transcript with the client words in it: its prompts, and the instructions after a protocol message', () => {
    expect(unredacted(transcriptIn(RAW))).toEqual([`projects/-home-dev-app/${SESSION}.jsonl`]);
    const onlyInstructions = RAW.split('\n')[2]!;
    expect(unredacted(transcriptIn(onlyInstructions))).toHaveLength(1);
  });

  it("a recorder's version of a transcript (what an append added, snap/versions/<seq>__projects%…) is a transcript too", () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'snap', 'versions'), { recursive: true });
    const name = `000016__projects%-home-dev-app%${SESSION}.jsonl`;
    writeFileSync(join(dir, 'snap', 'versions', name), RAW);
    expect(unredacted(dir)).toEqual([join('snap', 'versions', name)]);
    const dst = tempDir();
    redactTree(dir, dst);
    expect(unredacted(dst)).toEqual([]);
    expect(readFileSync(join(dst, 'snap', 'versions', name), 'utf8')).not.toMatch(/Claude Code|Fix the failing/u);
  });

  it("an API error keeps its status and the API's message, not the client's wording after them, in any file", () => {
    const wording = 'API Error: 500 fake internal error. This is a server-side issue, usually temporary — try again in a moment.';
    const idle = JSON.stringify({ type: 'idle_notification', from: 'carol', idleReason: 'failed', failureReason: wording });
    const dir = tempDir();
    mkdirSync(join(dir, 'teams', 't', 'inboxes'), { recursive: true });
    writeFileSync(join(dir, 'teams', 't', 'inboxes', 'team-lead.json'), JSON.stringify([{ from: 'carol', text: idle }]));
    const synthetic = {
      type: 'assistant',
      isApiErrorMessage: true,
      apiErrorStatus: 500,
      message: { model: '<synthetic>', content: [{ type: 'text', text: wording }] },
    };
    const transcript = transcriptIn(JSON.stringify(synthetic));
    expect(unredacted(dir)).toEqual([join('teams', 't', 'inboxes', 'team-lead.json')]);
    expect(unredacted(transcript)).toHaveLength(1);
    const [inbox, kept] = [tempDir(), tempDir()];
    redactTree(dir, inbox);
    redactTree(transcript, kept);
    expect(unredacted(inbox)).toEqual([]);
    expect(unredacted(kept)).toEqual([]);
    for (const text of [
      readFileSync(join(inbox, 'teams', 't', 'inboxes', 'team-lead.json'), 'utf8'),
      readFileSync(join(kept, 'projects', '-home-dev-app', `${SESSION}.jsonl`), 'utf8'),
    ]) {
      expect(text).toContain('API Error: 500 fake internal error.x');
      expect(text).not.toMatch(/server-side|try again/u);
    }
  });

  it('redacting keeps types, ids, usage, cost, the model words and the agents mail, replaces the rest, and keeps sizes', () => {
    const src = transcriptIn(RAW);
    const dst = tempDir();
    redactTree(src, dst);
    expect(unredacted(dst)).toEqual([]);
    const redacted = readFileSync(join(dst, 'projects', '-home-dev-app', `${SESSION}.jsonl`), 'utf8');
    expect(redactTranscript(redacted)).toBe(redacted);
    expect(redacted).not.toMatch(/Claude Code|Fix the failing|This is a shutdown|File created/u);
    expect(redacted).toContain(String.raw`{\"type\":\"shutdown_request\",\"requestId\":\"r1\"}`);
    expect(redacted).toContain('the model said this');
    expect(redacted).toContain('"totalCostUSD":0.25');
    expect(redacted).toContain('"decision":"accept"');
    const lengths = (text: string) => text.split('\n').map((line) => line.length);
    expect(lengths(redacted)).toEqual(lengths(RAW));
  });
});
