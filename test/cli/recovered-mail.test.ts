/**
 * Mail recovered from the transcripts, from the built CLI (issue 36 §1): the
 * real client's untaken-mail run (cc-2.1.332-realcc-untaken-mail-tmux), as
 * its files stood just before it exited: every inbox empty, every message
 * gone from it, and each in its recipient's transcript. `--json` keeps every
 * one, once, marked recovered; with `--no-transcripts`, nothing changes from
 * what the files alone say.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRecording, recordedRun } from '../../harness/recording.mjs';
import { runCli } from '../helpers/cli.js';
import { CAPTURES, tempDir } from '../helpers/fixtures.js';

const RECORDING = join(CAPTURES, 'cc-2.1.332-realcc-untaken-mail-tmux');

interface Message {
  to: string;
  from: string;
  kind: string;
  summary: string | null;
  data: Record<string, unknown> | null;
  text: string;
  recovered: boolean;
  taken: boolean;
  takenAt: string | null;
  delivered: boolean;
}

function messages(args: readonly string[]): Message[] {
  const dir = tempDir();
  cpSync(join(RECORDING, 'final_before_exit'), dir, { recursive: true });
  const { code, stdout, stderr } = runCli(['--json', '--no-journal', '--dir', dir, '--now', '2026-11-28T16:23:00Z', ...args]);
  expect(code, stderr).toBe(0);
  return (JSON.parse(stdout) as { teams: { messages: Message[] }[] }).teams[0]!.messages;
}

describe('mail recovered from the transcripts', () => {
  it('keeps every message of a run whose inboxes are empty, once, from its recipient’s transcript', () => {
    const run = recordedRun(loadRecording(RECORDING));
    const kept = messages([]);
    // What the client wrote to the inboxes: each to and from whom, of what kind, saying what.
    const said = (message: { to: string; from: string; text: string }) => {
      const data = message.text.startsWith('{') ? (JSON.parse(message.text) as { type: string; requestId?: string }) : null;
      return [message.to, message.from, data ? data.type : 'text', data ? (data.requestId ?? '') : message.text];
    };
    const sortable = (rows: unknown[][]) => rows.map((row) => JSON.stringify(row)).sort();
    expect(kept).toHaveLength(run.messages.length);
    expect(
      sortable(
        kept.map((message) => [message.to, message.from, message.kind, message.data?.['requestId'] ?? (message.data ? '' : message.text)]),
      ),
    ).toEqual(sortable(run.messages.map(said)));
    for (const message of kept) {
      expect(message, message.text).toMatchObject({ recovered: true, taken: true, delivered: true });
      expect(message.takenAt, message.text).toMatch(/^2026-11-28T16:2/u);
    }
    // As the client handed them to bob's model: both of the lead's in one record, with their summaries.
    const both = kept.filter((message) => message.to === 'bob' && message.text.startsWith('bob, '));
    expect(both.map((message) => [message.summary, message.takenAt])).toEqual([
      ['status?', '2026-11-28T16:22:14.788Z'],
      ['status again', '2026-11-28T16:22:14.788Z'],
    ]);
  });

  it('changes nothing with --no-transcripts: the files alone hold no message', () => {
    expect(messages(['--no-transcripts'])).toEqual([]);
  });
});
