/**
 * Members of teams that hold only `inboxes/` (no `config.json`), as real repos
 * do: the lead and the statuses come from what the files show, not from names.
 */
import { quieting } from '../../helpers/thresholds.js';
import { DEFAULT_THRESHOLDS } from '../../../src/core/model/settings.js';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settledSession } from '../../../src/cli/session.js';
import { selectMembers, selectMembersAt } from '../../../src/core/select/members.js';
import { snapshot } from '../../../src/core/snapshot.js';
import { copyFixture, tempDir } from '../../helpers/fixtures.js';
import { writeJson } from '../../helpers/live.js';

const MINUTE = 60_000;

async function teamIn(dir: string, name: string) {
  const state = (await settledSession(dir)).store.getState();
  return { state, team: state.teams.get(name)! };
}

/** The hive capture mid-run, as a repo holds it: inboxes, no config. */
function hiveWithoutConfig(): string {
  const dir = copyFixture('captures/cc-2026-02-hive-analysis/snapshots/2-live');
  rmSync(join(dir, 'teams/analysis-team/config.json'));
  return dir;
}

const json = (text: Record<string, unknown>) => JSON.stringify(text);
const entry = (from: string, text: string, timestamp: string) => ({ from, text, timestamp, read: true });

describe('the lead of a team with no config', () => {
  it('is the one member the messages point at (the real capture: idle notifications go to team-lead)', async () => {
    const { team } = await teamIn(hiveWithoutConfig(), 'analysis-team');
    expect(
      selectMembers(team)
        .filter((member) => member.isLead)
        .map((member) => member.name),
    ).toEqual(['team-lead']);
  });

  it('is never two members because both names look like a lead', async () => {
    const dir = tempDir();
    writeJson(join(dir, 'teams/t/inboxes/team-lead.json'), [
      entry('lead', json({ type: 'idle_notification', from: 'lead' }), '2026-03-01T10:00:00Z'),
    ]);
    writeJson(join(dir, 'teams/t/inboxes/lead.json'), [entry('team-lead', 'Review the parser, please', '2026-03-01T09:59:00Z')]);
    const { team } = await teamIn(dir, 't');
    expect(Object.fromEntries(selectMembers(team).map((member) => [member.name, member.isLead]))).toEqual({
      'team-lead': true,
      lead: false,
    });
  });

  it('follows the evidence rather than the name: the member that asks the others to stop and hears from them', async () => {
    const dir = tempDir();
    writeJson(join(dir, 'teams/t/inboxes/coordinator.json'), [
      entry('worker', json({ type: 'permission_request', request_id: 'p1', tool_name: 'Bash' }), '2026-03-01T10:00:00Z'),
    ]);
    writeJson(join(dir, 'teams/t/inboxes/worker.json'), [
      entry('coordinator', json({ type: 'shutdown_request', requestId: 's1' }), '2026-03-01T10:01:00Z'),
    ]);
    writeJson(join(dir, 'teams/t/inboxes/team-lead.json'), [entry('worker', 'hello', '2026-03-01T10:00:00Z')]);
    const { team } = await teamIn(dir, 't');
    expect(
      selectMembers(team)
        .filter((member) => member.isLead)
        .map((member) => member.name),
    ).toEqual(['coordinator']);
  });

  it('is nobody without evidence, unless an inbox carries the name Claude Code gives its lead', async () => {
    const dir = tempDir();
    writeJson(join(dir, 'teams/none/inboxes/lead.json'), [entry('coordinator', 'hi', '2026-03-01T10:00:00Z')]);
    writeJson(join(dir, 'teams/none/inboxes/coordinator.json'), [entry('lead', 'hi', '2026-03-01T10:00:00Z')]);
    writeJson(join(dir, 'teams/named/inboxes/team-lead.json'), [entry('worker', 'hi', '2026-03-01T10:00:00Z')]);
    writeJson(join(dir, 'teams/named/inboxes/worker.json'), [entry('team-lead', 'hi', '2026-03-01T10:00:00Z')]);
    const { state } = await teamIn(dir, 'none');
    expect(selectMembers(state.teams.get('none')!).some((member) => member.isLead)).toBe(false);
    expect(
      selectMembers(state.teams.get('named')!)
        .filter((member) => member.isLead)
        .map((member) => member.name),
    ).toEqual(['team-lead']);
  });
});

describe('quiet members', () => {
  it('shows a member silent for ten minutes as quiet since its last sign of life, in --json (the real capture, read weeks later)', async () => {
    const dir = hiveWithoutConfig();
    const { state } = await teamIn(dir, 'analysis-team');
    const doc = snapshot(state, { thresholds: DEFAULT_THRESHOLDS, claudeDir: dir, now: Date.parse('2026-03-01T10:00:00Z') });
    const statuses = Object.fromEntries(doc.teams[0]!.members.map((member) => [member.name, [member.status, member.statusSince]]));
    expect(statuses).toEqual({
      // On the team since the first message to it, as far as the files say.
      'team-lead': ['lead', '2026-02-09T15:09:23.571Z'],
      'task-analyst': ['quiet', '2026-02-09T15:08:11.039Z'],
      // Its newest message is an idle notification: the files say what it does.
      'config-analyst': ['interrupted', '2026-02-09T15:09:24.708Z'],
      // Never said a word: on the team since the first message to it.
      'message-analyst': ['quiet', '2026-02-09T15:08:18.038Z'],
      'lifecycle-analyst': ['quiet', '2026-02-09T15:08:18.567Z'],
    });
  });

  it('is working until the threshold, quiet exactly at it, with the threshold it is given', async () => {
    const { team } = await teamIn(hiveWithoutConfig(), 'analysis-team');
    const lastWord = Date.parse('2026-02-09T15:08:11.039Z');
    const statusAt = (now: number, quietMs = DEFAULT_THRESHOLDS.quietAfterMs) =>
      selectMembersAt(team, now, quieting(quietMs)).find((member) => member.name === 'task-analyst')!.status;
    expect(statusAt(lastWord + 10 * MINUTE - 1)).toBe('working');
    expect(statusAt(lastWord + 10 * MINUTE)).toBe('quiet');
    expect(statusAt(lastWord + 10 * MINUTE, 30 * MINUTE)).toBe('working');
    expect(statusAt(lastWord + 2 * MINUTE, 2 * MINUTE)).toBe('quiet');
  });

  it('gives the same members back while no status changes, so nothing is drawn again', async () => {
    const { team } = await teamIn(hiveWithoutConfig(), 'analysis-team');
    const now = Date.parse('2026-03-01T10:00:00Z');
    const first = selectMembersAt(team, now, DEFAULT_THRESHOLDS);
    expect(selectMembersAt(team, now + MINUTE, DEFAULT_THRESHOLDS)).toBe(first);
    expect(selectMembersAt(team, Date.parse('2026-02-09T15:09:00Z'), DEFAULT_THRESHOLDS)).not.toBe(first);
  });
});

describe('a name no roster lists', () => {
  it('is not on the roster when its mail was never taken, and a member that left when its inbox was emptied', async () => {
    // 2.1.330's files as the lead was about to exit: alice shut down (gone from config.json, her inbox
    // emptied as she took her mail), and task #2 was given to `alise`, whose assignment waits unread.
    const dir = copyFixture('captures/cc-2.1.330-realcc-misaddressed-in-process/final_before_exit');
    const { team } = await teamIn(dir, 'session-f5100575');
    const status = new Map(selectMembers(team).map((member) => [member.name, [member.status, member.departed]]));
    expect(status.get('alise')).toEqual(['not on roster', false]);
    expect(status.get('alice')).toEqual(['shut down', true]);
  });
});
