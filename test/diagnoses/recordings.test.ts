/**
 * No false alarm: every recording of the real client, re-enacted against the
 * live watcher, and every capture of older versions, shows at its end only
 * what really went wrong in it. A recording of a new scenario (the conformance
 * driver's, one per kind) is one line in a table here.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRecording, recordedRun } from '../../conformance/recording.mjs';
import { reenact } from '../../conformance/reenact.mjs';
import { settledSession } from '../../src/cli/session.js';
import { selectDiagnoses } from '../../src/store/diagnoses.js';
import type { TeamState } from '../../src/store/state.js';
import { endOf } from '../helpers/capture-end.js';
import { CAPTURES, tempDir } from '../helpers/fixtures.js';
import { watch, watchUntil } from '../helpers/live.js';
import { waitFor } from '../helpers/wait.js';

/** A diagnosis as a table states it. */
interface Expected {
  readonly kind: string;
  readonly severity: 'warning' | 'info';
  readonly members: readonly string[];
}

const STALL = 60_000;

const said = (team: TeamState, now: number, stallAfterMs = STALL): Expected[] =>
  selectDiagnoses(team, now, stallAfterMs).diagnoses.map(({ kind, severity, members }) => ({ kind, severity, members }));

/** What a recording shows wrong: at some time while it runs, and at its end. */
interface Shows {
  readonly during: readonly Expected[];
  readonly atEnd: readonly Expected[];
}

/** The plan the lead approved on its own, then rejected: it really happened. */
const PLAN_ANSWERED_TWICE: Expected = { kind: 'contradicting-answers', severity: 'info', members: ['carol', 'team-lead'] };
const IGNORED_SHUTDOWN: Expected = { kind: 'ignored-shutdown', severity: 'warning', members: ['dave', 'team-lead'] };
const NOTHING: Shows = { during: [], atEnd: [] };

/**
 * Recordings of the real client (test-fixtures/captures), and what each shows
 * wrong. A recording's times are hours old when it is re-enacted: while it
 * runs, it is judged with a stall threshold past them (what goes wrong by time
 * alone is tested on files written now, in kinds.test.ts).
 */
const RECORDINGS: Readonly<Record<string, Shows>> = {
  'cc-2.1.330-realcc-team-in-process': NOTHING,
  'cc-2.1.330-realcc-team-tmux': NOTHING,
  'cc-2.1.330-realcc-plan-in-process': { during: [PLAN_ANSWERED_TWICE], atEnd: [PLAN_ANSWERED_TWICE] },
  'cc-2.1.330-realcc-plan-tmux': { during: [PLAN_ANSWERED_TWICE], atEnd: [PLAN_ANSWERED_TWICE] },
  // A `claude -p` run's task owners: nobody runs them, and that is not a team's failure.
  'cc-2.1.330-realcc-print': NOTHING,
  // dave finishes his task, then answers two shutdown requests only by going idle; the lead exits.
  'cc-2.1.330-realcc-ignored-shutdown-in-process': { during: [IGNORED_SHUTDOWN], atEnd: [] },
  'cc-2.1.330-realcc-ignored-shutdown-tmux': { during: [IGNORED_SHUTDOWN], atEnd: [] },
};

/** Past any recording's age. */
const NEVER = 1e12;

describe.concurrent('the recordings of the real client, re-enacted, show only what went wrong in them', () => {
  for (const [name, shows] of Object.entries(RECORDINGS)) {
    it(name, { timeout: 60_000 }, async ({ onTestFinished }) => {
      const recording = loadRecording(join(CAPTURES, name));
      const run = recordedRun(recording);
      const dir = mkdtempSync(join(tmpdir(), 'teamtop-diagnoses-'));
      const controller = new AbortController();
      onTestFinished(() => {
        controller.abort();
        rmSync(dir, { recursive: true, force: true });
      });
      const live = await watchUntil(dir, controller.signal);
      // Every diagnosis said at any frame of the run, once.
      const during = new Map<string, Expected>();
      live.store.subscribe(() => {
        const team = live.store.getState().teams.get(run.team);
        if (team) for (const found of said(team, Date.now(), NEVER)) during.set(`${found.kind}:${found.members.join()}`, found);
      });
      await reenact(recording, dir, { speed: 10, signal: controller.signal });
      await waitFor(
        () => {
          const team = live.store.getState().teams.get(run.team);
          expect(team?.present).toBe(!run.ended);
          expect([...team!.inboxes.values()].reduce((sum, inbox) => sum + inbox.messages.length, 0)).toBe(run.messages.length);
        },
        { timeout: 10_000 },
      );
      await live.loader.settled();
      expect([...during.values()]).toEqual(shows.during);
      const team = live.store.getState().teams.get(run.team)!;
      expect(said(team, Date.now())).toEqual(shows.atEnd);
      // Ten minutes on, nothing new: nothing was left waiting.
      expect(said(team, Date.now() + 10 * 60_000)).toEqual(shows.atEnd);
    });
  }
});

type Live = Awaited<ReturnType<typeof watch>>;

/** Until the live session holds everything a fresh read of `dir` finds: every message, each config and task as on disk. */
async function caughtUp(live: Live, dir: string): Promise<void> {
  const { store } = await settledSession(dir);
  await waitFor(() => {
    for (const [name, read] of store.getState().teams) {
      const seen = live.store.getState().teams.get(name);
      expect(seen?.config, name).toEqual(read.config);
      expect([...(seen?.tasks.values() ?? [])].map(({ task }) => task)).toEqual([...read.tasks.values()].map(({ task }) => task));
      const keys = new Set([...(seen?.inboxes.values() ?? [])].flatMap((inbox) => inbox.messages.map((message) => message.key)));
      for (const inbox of read.inboxes.values())
        for (const message of inbox.messages) expect(keys.has(message.key), message.key).toBe(true);
    }
  });
}

/**
 * Captures of older versions: folders laid over one another in order (a
 * capture taken several times is its history), and per team what it shows
 * wrong at the end of each.
 */
const OLDER_CAPTURES: readonly { readonly folders: readonly string[]; readonly teams: Readonly<Record<string, readonly Expected[]>> }[] = [
  { folders: ['cc-2.1.34-js-testing-research'], teams: { 'js-testing-research': [] } },
  {
    folders: ['cc-2026-02-hive-analysis'],
    teams: { 'humble-chasing-goose': [], 'moonlit-chasing-meerkat': [], 'webui-migration': [] },
  },
  {
    folders: ['1-early', '2-live', '3-final'].map((snapshot) => `cc-2026-02-hive-analysis/snapshots/${snapshot}`),
    teams: { 'analysis-team': [] },
  },
  {
    folders: [
      ...readdirSync(join(CAPTURES, 'cc-2.1.231-probe-spike/snapshots'))
        .sort((a, b) => Number(a.split('-t')[1] ?? 0) - Number(b.split('-t')[1] ?? 0))
        .map((snapshot) => `cc-2.1.231-probe-spike/snapshots/${snapshot}`),
      'cc-2.1.231-probe-spike',
    ],
    teams: { 'session-98b0b4a7': [] },
  },
];

describe('the captures of older versions show at their end only what went wrong in them', () => {
  for (const { folders, teams } of OLDER_CAPTURES) {
    it(folders.at(-1)!, async () => {
      const dir = tempDir();
      const live = await watch(dir);
      for (const folder of folders) {
        cpSync(join(CAPTURES, folder), dir, { recursive: true, filter: (source) => !/MANIFEST|LICENSE|snapshots$/u.test(source) });
        await caughtUp(live, dir);
        for (const team of live.store.getState().teams.values()) {
          if (team.isTeam) expect(said(team, endOf(team)), `${team.name} after ${folder}`).toEqual(teams[team.name]);
        }
      }
      expect([...live.store.getState().teams.keys()].sort()).toEqual(Object.keys(teams).sort());
    });
  }
});
