import { DEFAULT_THRESHOLDS } from '../../../src/core/model/settings.js';
/**
 * Journals and recordings are files strangers send (issue 26 §2): no entry of
 * one may crash teamtop; a bad one is skipped with a notice.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { ReplayBar } from '../../../src/ui/screen/replay-bar.js';
import { readJournalFile, streamJournal } from '../../../src/io/journal/reader.js';
import { noticesAsProblems } from '../../../src/io/journal/restore.js';
import { ReplayController } from '../../../src/io/journal/replay-controller.js';
import { listRuns, namespaceDir, teamDir } from '../../../src/io/journal/store-dir.js';
import { JournalWriter } from '../../../src/io/journal/writer.js';
import { createStore } from '../../../src/core/store.js';
import { followUntil, runCli } from '../../helpers/cli.js';
import { tempDir } from '../../helpers/fixtures.js';

const T = Date.parse('2026-11-25T10:00:00Z');
const header = (team: string) => ({ teamtop: 'journal', v: 2, run: 'r1', team, claudeDir: '/somewhere', started: T });
const lines = (...values: unknown[]) => values.map((value) => `${JSON.stringify(value)}\n`).join('');

describe('a journal naming a team with a lone surrogate', () => {
  it('is recorded to and listed again, instead of a URIError on every start', () => {
    const state = tempDir();
    const namespace = namespaceDir(state, '/claude');
    const team = 'x\ud800';
    const problems: string[] = [];
    const writer = new JournalWriter({
      thresholds: DEFAULT_THRESHOLDS,
      stateDir: state,
      namespace,
      claudeDir: '/claude',
      maxBytes: 1 << 20,
      onProblem: (problem) => problems.push(problem.message),
    });
    writer.record([{ kind: 'folder', target: { kind: 'team-dir', team }, at: T }]);
    expect(() => writer.close()).not.toThrow();
    expect(problems).toEqual([]);
    const runs = listRuns(namespace);
    expect(runs.map((run) => run.team)).toEqual([team]);
    // A name that differs only in the surrogate has its own folder.
    expect(teamDir(namespace, 'x\udbff')).not.toBe(teamDir(namespace, team));
    expect(teamDir(namespace, 'x%uD800')).not.toBe(teamDir(namespace, team));
  });

  it('does not take --follow down: the team it remembers is recorded as ended', async () => {
    const state = tempDir();
    const claude = tempDir();
    const folder = join(namespaceDir(state, claude), encodeURIComponent('x'));
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'r1.jsonl'), lines(header('teams/x\ud800'), { op: 'folder', t: T, path: 'teams/x\ud800', present: true }));
    // A folder someone else made, whose name is no encoding of ours.
    mkdirSync(join(namespaceDir(state, claude), '%E0%A4%A'), { recursive: true });
    writeFileSync(join(namespaceDir(state, claude), '%E0%A4%A', 'r2.jsonl'), lines(header('%E0%A4%A')));
    // It follows until stopped: stopped once it is ready.
    const result = await followUntil(['--json', '--follow', '--dir', claude, '--state-dir', state], (stdout) =>
      expect(stdout).toContain('"event":"ready"'),
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('"team":"x\\ud800"');
    expect(readdirSync(namespaceDir(state, claude))).toEqual(expect.arrayContaining(['%E0%A4%A', 'x%uD800']));
  });
});

describe('a recording with an entry past a Date’s range', () => {
  const recording = () => {
    const path = join(tempDir(), 'hostile.jsonl');
    writeFileSync(
      path,
      lines(
        header('t'),
        { op: 'folder', t: T, path: 'teams/t', present: true },
        { op: 'folder', t: 8640000000000001, path: 'teams/t', present: false },
        { op: 'folder', t: T + 1000, path: 'tasks/t', present: true },
      ),
    );
    return path;
  };

  it('skips that entry with a notice, and plays the rest', () => {
    const read = readJournalFile(recording());
    expect(read.notices).toEqual(['line 3 is not a journal entry and was skipped']);
    expect(read.lines).toHaveLength(3);
  });

  it('never shows a clock that throws: played to its end, the replay bar draws', () => {
    const controller = new ReplayController(readJournalFile(recording()).lines, createStore());
    controller.toEnd();
    expect(controller.getStatus().clock).toBe(T + 1000);
    const { lastFrame } = render(React.createElement(ReplayBar, { status: controller.getStatus() }));
    expect(lastFrame()).toContain('2026-11-25 10:00:01Z');
    const odd = render(React.createElement(ReplayBar, { status: { ...controller.getStatus(), clock: 8640000000000001 } }));
    expect(odd.lastFrame()).toContain('—');
  });

  it('replay --json exits 0 and says which line it skipped', () => {
    const result = runCli(['replay', recording(), '--json', '--now', '2026-11-26T00:00:00Z']);
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as { problems: { message: string }[] };
    expect(document.problems.map((problem) => problem.message)).toEqual(['line 3 is not a journal entry and was skipped']);
  });
});

describe('a recording with junk in it', () => {
  it('skips a line past the size limit with a notice, and keeps the lines after it', () => {
    const path = join(tempDir(), 'long-line.jsonl');
    writeFileSync(
      path,
      lines(header('t'), { op: 'folder', t: T, path: 'teams/t', present: true }) +
        `${'x'.repeat(5000)}\n` +
        lines({ op: 'folder', t: T + 1, path: 'tasks/t', present: true }),
    );
    const read: unknown[] = [];
    expect(streamJournal(path, (line) => read.push(line), 1000)).toEqual(['line 3 is longer than 1 kB and was skipped']);
    expect(read).toHaveLength(3);
  });

  it('says how many lines it skipped without copying the list of those before for each', () => {
    const notices = Array.from({ length: 100_000 }, (_, i) => ({
      path: 'junk.jsonl',
      message: `line ${i + 1} is not valid JSON and was skipped`,
    }));
    let copies = 0;
    const spread = Array.prototype[Symbol.iterator];
    Array.prototype[Symbol.iterator] = function (this: unknown[]) {
      copies++;
      return spread.call(this);
    };
    try {
      expect(noticesAsProblems(notices, T)).toEqual([
        { kind: 'problem', path: 'junk.jsonl', message: 'line 1 is not valid JSON and was skipped (and 99999 more)', at: T },
      ]);
    } finally {
      Array.prototype[Symbol.iterator] = spread;
    }
    expect(copies).toBeLessThan(10);
  });
});
