/**
 * What the real client showed teamtop getting wrong, each proven fixed on the
 * recording that showed it: the live session, `--json` and `--once` (the
 * pseudo-terminal test in e2e/ covers the live dashboard).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRecording, type Operation, type Recording } from '../../harness/recording.mjs';
import { applyOperation, reenact } from '../../harness/reenact.mjs';
import { messageLines } from '../../src/ui/widgets/message-detail.js';
import { HANDSHAKES } from '../../src/ui/panes/handshakes/model.js';
import type { InboxMessage } from '../../src/core/model/inbox.js';
import { CAPTURES, tempDir } from '../helpers/fixtures.js';
import { runCli } from '../helpers/cli.js';
import { watch } from '../helpers/live.js';
import { frame } from '../helpers/render.js';
import { waitFor } from '../helpers/wait.js';

const recording = (name: string): Recording => loadRecording(join(CAPTURES, `cc-2.1.330-realcc-${name}`));

/** Apply a recording's operations into `dir`, from `from`, up to and including the first that `stop` picks; the index after it. */
function applyThrough(recorded: Recording, dir: string, stop: (op: Operation) => boolean, from = 0): number {
  for (let i = from; i < recorded.ops.length; i++) {
    applyOperation(dir, recorded.ops[i]!);
    if (stop(recorded.ops[i]!)) return i + 1;
  }
  throw new Error(`${recorded.name}: no such operation`);
}

/** A recording re-enacted ten times faster into a dir a live session watches, until the session saw the team end. */
async function replayedToItsEnd(name: string) {
  const dir = tempDir();
  const live = await watch(dir);
  await reenact(recording(name), dir, { speed: 10 });
  await waitFor(() => expect(live.json().teams[0]?.ended).toBe(true));
  await live.reader.settled();
  return live;
}

type Json = {
  teams: {
    name: string;
    kind: string;
    members: { name: string; status: string; isLead: boolean; departed: boolean }[];
    messages: Record<string, unknown>[];
  }[];
};
const json = (dir: string): Json => JSON.parse(runCli(['--json', '--dir', dir, '--no-journal']).stdout) as Json;
const statusOf = (doc: Json, name: string) => doc.teams[0]?.members.find((member) => member.name === name)?.status;

/** The config as a write left it, when it is whole: tmux teammates' `isActive` by name. */
function activity(op: Operation): Record<string, boolean> | undefined {
  if (op.kind !== 'write' || !op.path.endsWith('/config.json')) return undefined;
  try {
    const config = JSON.parse(op.content.toString('utf8')) as { members: { name: string; isActive?: boolean }[] };
    return Object.fromEntries(
      config.members.filter((member) => member.isActive !== undefined).map((member) => [member.name, member.isActive!]),
    );
  } catch {
    return undefined;
  }
}

describe('the real client, fixed', () => {
  it('a team renamed to <team>.deleted-<uuid> on exit has ended: no second team, live or in --json', async () => {
    const team = recording('team-tmux');
    const dir = tempDir();
    const exit = (op: Operation) => op.kind === 'rename' && op.to.includes('.deleted-');
    const beforeExit = team.ops.findIndex(exit);
    applyThrough(team, dir, (op) => op === team.ops[beforeExit - 1]);
    const live = await watch(dir);
    expect(live.json().teams.map((t) => t.name)).toEqual(['session-1532bc2e']);

    // The rename alone, held there: the folder the client removes 3 ms later stays on disk.
    const next = applyThrough(team, dir, exit, beforeExit);
    const deleted = readdirSync(join(dir, 'teams'));
    expect(deleted).toEqual([expect.stringMatching(/^session-1532bc2e\.deleted-[0-9a-f-]{36}$/u)]);
    await waitFor(() => expect(live.json().teams.map((t) => [t.name, t.ended])).toEqual([['session-1532bc2e', true]]));
    expect(json(dir).teams).toEqual([]);

    for (const op of team.ops.slice(next)) applyOperation(dir, op);
    expect(existsSync(join(dir, 'teams', deleted[0]!))).toBe(false);
    await live.reader.settled();
    expect(live.json().teams.map((t) => [t.name, t.ended])).toEqual([['session-1532bc2e', true]]);
    expect(live.json().problems).toEqual([]);
    // The lead's own last assignment was never taken: the team ended, so it does not wait on, minutes later.
    const later = frame(live.store.getState(), { width: 120, height: 40, now: Date.now() + 300_000 });
    expect(later).toMatch(/● 1 unread [┃│]/u);
  });

  it('isActive: false is a tmux teammate waiting between turns (idle), and true is it at work again', async () => {
    const team = recording('team-tmux');
    const dir = tempDir();
    const live = await watch(dir);
    // The first rewrite of config.json that says alice waits between turns: she has said nothing of a shutdown.
    const idle = applyThrough(team, dir, (op) => activity(op)?.['alice'] === false);
    await waitFor(() => expect(live.json().teams[0]?.members.find((member) => member.name === 'alice')?.status).toBe('idle'));
    expect(json(dir).teams[0]!.members.find((member) => member.name === 'alice')).toMatchObject({ status: 'idle', departed: false });
    const once = runCli(['--once', '--dir', dir, '--no-journal']).stdout;
    expect(once).toMatch(/[─━] alice [─━]+ idle/u);
    expect(once).not.toContain('shut down');

    // Her next turn (bob's message came): busy again, though her newest message is an idle notification.
    applyThrough(team, dir, (op) => activity(op)?.['alice'] === true, idle);
    await waitFor(() => {
      const doc = live.json() as Json;
      const newest = doc.teams[0]!.messages.filter((message) => message.from === 'alice').at(-1);
      expect({ status: statusOf(doc, 'alice'), newest: newest?.['kind'] }).toEqual({ status: 'working', newest: 'idle_notification' });
    });
  });

  it('says what an idle turn ended with, names what a permission granted, and keeps the new fields and the lead signature', async () => {
    const live = await replayedToItsEnd('plan-tmux');
    const [team] = live.json().teams;
    const texts = team!.messages.map((message) => message.text);
    // An idle notification without a summary carries its result: the last words of the turn.
    expect(texts).toContain('idle (available) · carol: waiting for plan approval.');
    expect(texts).toContain('permission granted (Bash)');
    expect(texts).toContain('plan rejected: add a step that verifies the file');
    const request = team!.messages.find((message) => message.kind === 'plan_approval_request')!;
    expect(request.data).toMatchObject({
      planFilePath: expect.stringMatching(/plans\/kind-whistling-quail\.md$/u),
      planContent: expect.stringContaining('# Plan v1'),
    });
    const approval = team!.messages.find((message) => message.kind === 'plan_approval_response')!;
    expect(approval.data).toMatchObject({ approved: true, permissionMode: 'default' });
    // Signed: the lead's messages to its tmux teammate; a teammate's to the lead are not.
    for (const message of team!.messages)
      expect(message.leadSig !== null, `${message.from} → ${message.to}`).toBe(message.from === 'team-lead');

    const history = live.store.getState().teams.get('session-2c04269c')!;
    const approvalMessage = history.inboxes
      .get('carol')!
      .messages.find((message: InboxMessage) => message.kind === 'plan_approval_response')!;
    const lines = messageLines(approvalMessage, 200);
    expect(lines).toContain('permissionMode: default');
    expect(lines.at(-1)).toBe(`signed by the lead (lead_sig): ${approvalMessage.leadSig}`);
    const requestLines = messageLines(
      history.inboxes.get('team-lead')!.messages.find((message: InboxMessage) => message.kind === 'plan_approval_request')!,
      200,
    );
    expect(requestLines).toEqual(
      expect.arrayContaining([expect.stringMatching(/^planFilePath: .*kind-whistling-quail\.md$/u), 'planContent:', '  # Plan v1']),
    );
  });

  it('shows both answers of the plan the lead approved by itself and then rejected, and says they contradict', async () => {
    const live = await replayedToItsEnd('plan-in-process');
    const handshake = live.json().teams[0]!.handshakes.find((candidate) => candidate.kind === 'plan_approval')!;
    expect(handshake).toMatchObject({ state: 'approved', contradicting: true, from: 'carol', to: 'team-lead' });
    expect(handshake.responses.map(({ state, from }) => [state, from])).toEqual([
      ['approved', 'team-lead'],
      ['rejected', 'team-lead'],
    ]);
    const state = live.store.getState();
    const list = frame(state, { width: 120, height: 40, now: Date.now() });
    expect(list).toContain('4 answered · 1 contradicting'.replace('4', String(live.json().teams[0]!.handshakes.length)));
    expect(list).toMatch(/⚠ approved +plan_approval +carol +→ team-lead +in \d+s +→ rejected ⚠ contradicting/u);
    const opened = frame(state, {
      width: 120,
      height: 60,
      now: Date.now(),
      view: { opened: { pane: HANDSHAKES, item: { kind: 'handshake', id: handshake.requestId } } },
    });
    expect(opened).toContain('approved → rejected ⚠ contradicting');
    expect(opened).toMatch(/answer 1: approved by team-lead at 2026-11-23T\S+ \(\d\.\ds after the request\)/u);
    expect(opened).toMatch(/answer 2: rejected by team-lead/u);
    expect(opened).toContain('answer 2 (plan_approval_response, team-lead → carol):');
  });

  it("shows a claude -p run's task list and its assignments nobody reads, as a session: not a team of strangers, not nothing", async () => {
    const print = recording('print');
    const dir = tempDir();
    const live = await watch(dir);
    await reenact(print, dir);
    await waitFor(() => expect(live.json().teams[0]?.messages).toHaveLength(2));
    await live.reader.settled();
    for (const doc of [live.json(), json(dir)]) {
      expect(doc.teams).toHaveLength(1);
      const [session] = doc.teams;
      expect(session).toMatchObject({ name: 'b49bf51c-3b57-49b8-9a97-9f65fc07a2cf', kind: 'session', ended: false });
      expect(session!.members.map(({ name, status, isLead, departed }) => ({ name, status, isLead, departed }))).toEqual([
        { name: 'alice', status: 'no agent', isLead: false, departed: false },
        { name: 'reviewer', status: 'no agent', isLead: false, departed: false },
      ]);
      expect(session!.messages.map((message) => [message.to, message.kind, message.delivered])).toEqual([
        ['alice', 'task_assignment', false],
        ['reviewer', 'task_assignment', false],
      ]);
    }
    const once = runCli(['--once', '--dir', dir, '--no-journal']).stdout;
    expect(once).toContain('b49bf51c-3b57-49b8-9a97-9f65fc07a2cf (0)');
    expect(once).toMatch(/[─━] alice [─━]+ no agent [─━]/u);
    expect(once).toMatch(/[─━] reviewer [─━]+ no agent [─━]/u);
    expect(once).toContain('claude -p: nobody reads this inbox');
    expect(once).toMatch(/#2 ○ ready +@reviewer Review parser/u);
    // Five minutes on, nobody has read them: how long the mail has sat says so.
    const later = runCli(['--once', '--dir', dir, '--no-journal', '--now', '2026-11-23T14:50:48Z']).stdout;
    expect(later.match(/● 1 unread 5m/gu)).toHaveLength(2);

    // Next to a real team, the dashboard opens on the team.
    const team = recording('plan-tmux');
    applyThrough(
      team,
      dir,
      (op) => op === team.ops[team.ops.findIndex((candidate) => candidate.kind === 'rename' && candidate.to.includes('.deleted-')) - 1],
    );
    expect(runCli(['--once', '--dir', dir, '--no-journal']).stdout).toMatch(/[─━] carol [─━]/u);
  });
});
