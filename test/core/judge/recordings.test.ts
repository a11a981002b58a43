/**
 * No false alarm: every recording of the real client, re-enacted against the
 * live watcher, and every capture of older versions, shows at its end only
 * what really went wrong in it. A recording of a new scenario (the conformance
 * driver's, one per kind) is one line in a table here.
 */
import { stalling } from '../../helpers/thresholds.js';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRecording, recordedRun } from '../../../harness/recording.mjs';
import { applyOperation, reenact } from '../../../harness/reenact.mjs';
import { settledSession } from '../../../src/cli/session.js';
import { selectDiagnoses } from '../../../src/core/judge/index.js';
import type { TeamState } from '../../../src/core/facts/index.js';
import { endOf } from '../../helpers/capture-end.js';
import { mayBeMissed, paceFor } from '../../helpers/missable.js';
import { CAPTURES, tempDir } from '../../helpers/fixtures.js';
import { watch, watchUntil } from '../../helpers/live.js';
import { waitFor } from '../../helpers/wait.js';

/** A diagnosis as a table states it. */
interface Expected {
  readonly kind: string;
  readonly severity: 'warning' | 'info';
  readonly members: readonly string[];
}

const STALL = 60_000;

const said = (team: TeamState, now: number, stallAfterMs = STALL): Expected[] =>
  selectDiagnoses(team, now, stalling(stallAfterMs)).diagnoses.map(({ kind, severity, members }) => ({ kind, severity, members }));

const byKind = (a: Expected, b: Expected): number => (`${a.kind}:${a.members.join()}` < `${b.kind}:${b.members.join()}` ? -1 : 1);

/** What a recording shows wrong: at some time while it runs, and at its end. */
interface Shows {
  readonly during: readonly Expected[];
  readonly atEnd: readonly Expected[];
  /**
   * Re-enacted this many times faster than recorded (10 unless said). What
   * 2.1.330 settles within a few seconds of real time (SETTLING_MS: a teammate
   * messaged after it left comes back, the lead reads what a teammate wrote
   * as it approved) is only judged lost once those seconds have passed: such
   * a recording is re-enacted as it happened. And no faster than every
   * message lives MAY_MISS_MS in its inbox (paceFor): what goes wrong is
   * judged on mail that a busy machine may miss otherwise, and these
   * recordings hold no transcript to recover it from (test/helpers/missable.ts).
   */
  readonly speed?: number;
  /**
   * What `teamtop doctor --stall-after` says of the files as they stood some
   * seconds into the recording (a scan, judged as of that instant): what goes
   * wrong by time alone, on the real client's files.
   */
  readonly asOf?: { readonly seconds: number; readonly stallAfterMs: number; readonly shows: readonly Expected[] };
}

/** The plan the lead approved on its own, then rejected: it really happened. */
const PLAN_ANSWERED_TWICE: Expected = { kind: 'contradicting-answers', severity: 'info', members: ['carol', 'team-lead'] };
const IGNORED_SHUTDOWN: Expected = { kind: 'ignored-shutdown', severity: 'warning', members: ['dave', 'team-lead'] };
const NOTHING: Shows = { during: [], atEnd: [] };
const ALISE_INBOX: Expected = { kind: 'misaddressed', severity: 'warning', members: ['alise', 'team-lead'] };
const orphaned = (owner: string): Expected => ({ kind: 'orphaned-task', severity: 'warning', members: [owner] });
/** The client put a task back to pending, with no owner, as its owner shut down (issue 35). */
const unowned = (owner: string): Expected => ({ kind: 'task-unowned', severity: 'info', members: [owner] });
const MAIL_TO_DEPARTED_BOB: Expected = { kind: 'to-departed', severity: 'warning', members: ['bob', 'team-lead'] };
const TO_DEPARTED: Shows = {
  during: [orphaned('bob'), MAIL_TO_DEPARTED_BOB],
  atEnd: [MAIL_TO_DEPARTED_BOB, orphaned('bob')],
  speed: 1,
};

/**
 * Recordings of the real client (test-fixtures/captures), and what each shows
 * wrong. A recording's times are hours old when it is re-enacted: while it
 * runs, it is judged with a stall threshold past them (what goes wrong by time
 * alone is judged on its files as of an instant, `asOf`, and on files written
 * now in kinds.test.ts).
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
  // The client refuses a message to alise but takes her as task #2's owner: its assignment waits in
  // an inbox nobody reads, and the task is left to nobody; once the team has ended, the task remains.
  'cc-2.1.330-realcc-misaddressed-in-process': { during: [orphaned('alise'), ALISE_INBOX], atEnd: [orphaned('alise')] },
  'cc-2.1.330-realcc-misaddressed-tmux': { during: [ALISE_INBOX, orphaned('alise')], atEnd: [orphaned('alise')] },
  // bob shuts down mid-task (the client unassigns it at once: an info says so); the lead exits
  // with carol's task in progress, left in tasks/<team>/ (said once the team has ended).
  'cc-2.1.330-realcc-orphaned-task-in-process': { during: [unowned('bob'), orphaned('carol')], atEnd: [orphaned('carol'), unowned('bob')] },
  // After bob shut down (in process, a message brought him back, and he shut down again), the lead
  // gives him a task: its assignment waits unread, the task is his.
  'cc-2.1.330-realcc-to-departed-in-process': TO_DEPARTED,
  'cc-2.1.330-realcc-to-departed-tmux': TO_DEPARTED,
  // bob, brought back by a message, approves a second shutdown request with two messages from the lead
  // still in his inbox: they go with him, unread.
  'cc-2.1.330-realcc-lost-with-member-in-process': { during: [MAIL_TO_DEPARTED_BOB], atEnd: [MAIL_TO_DEPARTED_BOB], speed: 1 },
  // bob, the last teammate, writes 3 s after he approved his shutdown: the lead no longer reads.
  'cc-2.1.330-realcc-zombie-in-process': {
    during: [{ kind: 'zombie', severity: 'info', members: ['bob'] }],
    atEnd: [{ kind: 'zombie', severity: 'info', members: ['bob'] }],
    speed: 1,
  },
  // dave leaves with a second shutdown request in his inbox; dave is spawned again: the client clears
  // the inbox, the new dave never sees it, and nothing is wrong.
  'cc-2.1.330-realcc-stale-request-in-process': NOTHING,
  // carol starts #2 while #1, which blocks it, is pending; then does #1.
  'cc-2.1.330-realcc-started-while-blocked-in-process': {
    during: [{ kind: 'started-while-blocked', severity: 'info', members: ['carol'] }],
    atEnd: [],
  },
  // alice runs a 30 s command while the lead writes to her twice.
  'cc-2.1.330-realcc-unread-pileup-in-process': {
    ...NOTHING,
    asOf: { seconds: 30, stallAfterMs: 20_000, shows: [{ kind: 'unread-pileup', severity: 'warning', members: ['alice'] }] },
  },
  // bob runs a 30 s command while the lead asks him to shut down; the client puts his task back as he goes.
  'cc-2.1.330-realcc-stalled-in-process': {
    during: [unowned('bob')],
    atEnd: [unowned('bob')],
    asOf: { seconds: 30, stallAfterMs: 20_000, shows: [{ kind: 'stalled', severity: 'warning', members: ['bob', 'team-lead'] }] },
  },
};

/** Past any recording's age. */
const NEVER = 1e12;

describe.concurrent('the recordings of the real client, re-enacted, show only what went wrong in them', () => {
  for (const [name, shows] of Object.entries(RECORDINGS)) {
    it(name, { timeout: 90_000 }, async ({ onTestFinished }) => {
      const recording = loadRecording(join(CAPTURES, name));
      const run = recordedRun(recording);
      const dir = mkdtempSync(join(tmpdir(), 'teamtop-diagnoses-'));
      const controller = new AbortController();
      let wake: NodeJS.Timeout | undefined;
      onTestFinished(() => {
        controller.abort();
        clearTimeout(wake);
        rmSync(dir, { recursive: true, force: true });
      });
      const live = await watchUntil(dir, controller.signal);
      // Every diagnosis said at any moment of the run, once: judged at every
      // change, and when the clock alone would change it, as a follower does.
      const during = new Map<string, Expected>();
      const judge = () => {
        const team = live.store.getState().teams.get(run.team);
        if (!team) return;
        const judgement = selectDiagnoses(team, Date.now(), stalling(NEVER));
        for (const { kind, severity, members } of judgement.diagnoses) during.set(`${kind}:${members.join()}`, { kind, severity, members });
        clearTimeout(wake);
        if (judgement.nextChangeAt < Date.now() + 60_000) wake = setTimeout(judge, Math.max(0, judgement.nextChangeAt - Date.now()));
      };
      live.store.subscribe(judge);
      const speed = paceFor(recording, run, shows.speed ?? 10);
      // Even as recorded, a message that lived less than MAY_MISS_MS: kept, or missed on a busy machine.
      const missable = mayBeMissed(recording, run, speed);
      await reenact(recording, dir, { speed, signal: controller.signal });
      await waitFor(
        () => {
          const team = live.store.getState().teams.get(run.team);
          expect(team?.present).toBe(!run.ended);
          const kept = new Set([...team!.inboxes.values()].flatMap((inbox) => inbox.messages.map((message) => message.key)));
          const written = new Set(run.messages.map((message) => message.msgId));
          for (const key of kept) expect(written.has(key), key).toBe(true);
          for (const message of run.messages) if (!missable.has(message.msgId)) expect(kept.has(message.msgId), message.msgId).toBe(true);
        },
        { timeout: 10_000 },
      );
      await live.reader.settled();
      clearTimeout(wake);
      // A set: what is raised in one batch of changes comes in the order judged.
      expect([...during.values()].sort(byKind)).toEqual([...shows.during].sort(byKind));
      const team = live.store.getState().teams.get(run.team)!;
      expect(said(team, Date.now())).toEqual(shows.atEnd);
      // Ten minutes on, nothing new: nothing was left waiting.
      expect(said(team, Date.now() + 10 * 60_000)).toEqual(shows.atEnd);
    });
  }
});

describe.concurrent('the files of a recording, as they stood at an instant, show what had gone wrong by then', () => {
  for (const [name, { asOf }] of Object.entries(RECORDINGS)) {
    if (!asOf) continue;
    it(`${name}, ${asOf.seconds} s in`, async ({ onTestFinished }) => {
      const folder = join(CAPTURES, name);
      const recording = loadRecording(folder);
      const dir = mkdtempSync(join(tmpdir(), 'teamtop-diagnoses-'));
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      for (const op of recording.ops) if (op.at <= asOf.seconds * 1000) applyOperation(dir, op);
      // An operation's time is ms after the recording's first event.
      const [first] = readFileSync(join(folder, 'snap', 'events.jsonl'), 'utf8').split('\n', 1);
      const instant = (JSON.parse(first!) as { t: number }).t * 1000 + asOf.seconds * 1000;
      const { store } = await settledSession(dir);
      const team = store.getState().teams.get(recordedRun(recording).team)!;
      expect(team.present).toBe(true);
      expect(said(team, instant, asOf.stallAfterMs)).toEqual(asOf.shows);
      // Not yet by the default threshold: it is time that made it wrong.
      expect(said(team, instant)).toEqual([]);
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
