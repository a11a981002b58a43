/**
 * The demo team at work: what its members' sessions write (transcripts, the
 * lead's session state) is read by the real watcher and session as the
 * dashboard reads a real team's, and shows each member's activity, its
 * tokens and cost, and a permission wait.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unredacted } from '../../../scripts/redact.mjs';
import { DEMO_TEAM } from '../../../src/io/demo/script.js';
import { simulate } from '../../../src/io/demo/simulate.js';
import { selectWork } from '../../../src/core/select/work.js';
import { tempDir } from '../../helpers/fixtures.js';
import { watch } from '../../helpers/live.js';
import { waitFor } from '../../helpers/wait.js';

type Live = Awaited<ReturnType<typeof watch>>;
type Team = ReturnType<Live['json']>['teams'][number];

const MEMBERS = ['team-lead', 'architect', 'builder', 'tester', 'scribe'];

describe('the demo team at work', () => {
  it("shows each member's tools as they run, its tokens and cost, the builder's permission wait, and all idle at the end", async () => {
    const dir = tempDir();
    // No sessions/ yet, as in a config dir where Claude Code never ran: the watcher finds it when the demo makes it.
    const live = await watch(dir);
    // What the dashboard would have shown, frame by frame: each member's activity, and the lead's session state.
    const seen = new Map<string, Set<string>>(MEMBERS.map((name) => [name, new Set()]));
    const statuses = new Set<string>();
    let last: Team | undefined;
    const look = () => {
      const team = live.json().teams.find((candidate) => candidate.name === DEMO_TEAM);
      if (!team) return;
      last = team;
      for (const member of team.members) {
        const { state, tool, detail } = member.activity ?? { state: 'none', tool: null, detail: null };
        seen.get(member.name)?.add(tool === null ? state : `${state} ${tool} ${detail}`);
      }
      for (const state of live.store.getState().teams.get(DEMO_TEAM)?.sessions.values() ?? []) statuses.add(state.status ?? '?');
    };
    const looking = setInterval(look, 40);
    try {
      await simulate({ claudeDir: dir, speed: 10 });
      await waitFor(() => expect(live.json().teams[0]?.ended).toBe(true));
    } finally {
      clearInterval(looking);
    }

    // Seen while they ran, with their key input: the tester's 17 s baseline run, and the builder, a tmux
    // teammate, waiting on its permission request to the lead. (Shorter calls come and go within one read.)
    expect(seen.get('tester')).toContain('tool Bash npm test');
    expect(seen.get('builder')).toContain('waiting-permission Bash npm install --save zod');
    // Every call each made is in its steps, with its key input, how long it took and how it ended.
    const work = selectWork(live.store.getState().teams.get(DEMO_TEAM)!);
    const calls = (member: string) =>
      work.get(member)!.activity.steps.flatMap((step) => (step.kind === 'tool' ? [`${step.outcome} ${step.name} ${step.detail}`] : []));
    expect(calls('team-lead')).toContain('ok Bash npm publish --dry-run');
    expect(calls('architect')).toEqual(expect.arrayContaining(['error ExitPlanMode null', 'ok Write /work/v2/schema/v2.json']));
    expect(calls('builder')).toEqual(
      expect.arrayContaining(['ok Bash npm install --save zod', 'error Bash npx vitest run test/parser --repeat 20']),
    );
    expect(calls('tester')).toEqual(expect.arrayContaining(['ok Bash npm run e2e', 'error Bash npm test']));
    expect(calls('scribe')).toEqual(expect.arrayContaining(['ok SendMessage builder', 'error Bash npx markdownlint docs/migration.md']));
    // The lead's session went busy, idle, and waited at the tester's permission prompt.
    expect([...statuses].sort()).toEqual(['busy', 'idle', 'waiting']);

    // The team ended (its files are gone): every member idle, with what it used.
    const team = live.json().teams[0]!;
    for (const member of team.members) {
      expect(member.activity?.state, member.name).toBe('idle');
      expect(member.usage!.outputTokens, member.name).toBeGreaterThan(1000);
      expect(member.usage!.contextTokens, member.name).toBeGreaterThan(14_000);
      expect(member.usage!.contextPercent, member.name).toBeGreaterThan(0);
      expect(member.usage!.costUSD, member.name).toBeGreaterThan(0);
      expect(member.usage!.toolCalls, member.name).toBeGreaterThan(5);
    }
    // The builder's session ended as it shut down, and recorded its cost; the others' are estimated.
    expect(team.members.filter((member) => !member.usage!.costEstimated).map((member) => member.name)).toEqual(['builder']);
    expect(team.usage!.costUSD).toBeGreaterThan(0.5);
    expect(last?.members.find((member) => member.name === 'tester')?.usage?.contextPercent).toBeGreaterThan(10);
    expect(live.json().problems).toEqual([]);
    // The demo leaves nothing behind: the transcripts and the lead's session state went with the team.
    expect(existsSync(join(dir, 'projects', '-work-v2'))).toBe(false);
    expect(readdirSync(join(dir, 'sessions'))).toEqual([]);
  });

  it("shows the tester waiting at a permission prompt as the lead's session says, with no request in any inbox", async () => {
    const dir = tempDir();
    // Up to 51.5 s into the script: the tester's `npm run e2e` waits for a person since 50 s.
    await simulate({ claudeDir: dir, speed: 10, until: 51.5 });
    const live = await watch(dir);
    const tester = () => live.json().teams[0]?.members.find((member) => member.name === 'tester');
    await waitFor(() => expect(tester()?.activity).toMatchObject({ state: 'waiting-permission', tool: 'Bash', detail: 'npm run e2e' }));
    expect(
      live.json().teams[0]!.handshakes.filter((handshake) => handshake.kind === 'permission' && handshake.state === 'pending'),
    ).toEqual([]);
    const [state] = live.store.getState().teams.get(DEMO_TEAM)!.sessions.values();
    expect(state).toMatchObject({ status: 'waiting', waitingFor: 'permission prompt' });
  });

  it("writes none of Claude Code's own words: only the lead's prompt, a person's, is text the redaction would hide", async () => {
    const dir = tempDir();
    await simulate({ claudeDir: dir, speed: 40, keep: true });
    const { leadSessionId } = JSON.parse(readFileSync(join(dir, 'teams', DEMO_TEAM, 'config.json'), 'utf8')) as { leadSessionId: string };
    expect(unredacted(dir)).toEqual([`projects/-work-v2/${leadSessionId}.jsonl`]);
  });
});
