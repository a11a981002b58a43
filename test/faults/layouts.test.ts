/**
 * Hostile files in the other layouts: they are shown or refused with a
 * problem, never a crash (found by a review of the per-agent and join work).
 */
import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memberPaneId } from '../../src/ui/panes/members/model.js';
import { memberDetails } from '../../src/ui/keys/view-state.js';
import { settledSession } from '../../src/cli/session.js';
import { snapshot } from '../../src/core/snapshot.js';
import { tempDir } from '../helpers/fixtures.js';
import { entry, writeJson } from '../helpers/live.js';
import { frame } from '../helpers/render.js';

const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

function team(dir: string, members: unknown[] = [{ name: 'lead', agentType: 'team-lead' }, { name: 'coder' }]) {
  writeJson(join(dir, 'teams/t/config.json'), { name: 't', members });
}

async function load(dir: string) {
  const session = await settledSession(dir);
  return session.store.getState();
}

describe('hostile per-agent records', () => {
  it('opens a member whose metadata is nested 100,000 deep or has 100,000 keys', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'teams/t'), { recursive: true });
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i])));
    writeFileSync(
      join(dir, 'teams/t/config.json'),
      `{"name":"t","members":[{"name":"lead","agentType":"team-lead"},{"name":"coder","metadata":{"deep":${deep(100_000)},"wide":${wide}}}]}`,
    );
    const state = await load(dir);
    const drawn = frame(state, {
      width: 100,
      height: 40,
      view: { pane: memberPaneId('coder'), opened: { pane: memberPaneId('coder'), item: memberDetails('coder') } },
    });
    expect(drawn).toContain('metadata.deep.a.a.a');
    expect(drawn).toContain('…');
  });

  it('keeps --json to the figures it knows, however deep a runner nests its metrics', async () => {
    const dir = tempDir();
    team(dir);
    mkdirSync(join(dir, 'tasks/t/coder'), { recursive: true });
    writeFileSync(join(dir, 'tasks/t/coder/task-status.json'), `{"status":"running","metrics":{"tokens_used":5,"x":${deep(100_000)}}}`);
    const json = snapshot(await load(dir), { thresholds: DEFAULT_THRESHOLDS, claudeDir: dir, now: Date.now() });
    const text = JSON.stringify(json);
    const parsed = JSON.parse(text) as typeof json;
    expect(parsed.teams[0]!.members[1]!.agent!.status!.metrics).toEqual({ tokens_used: 5, tasks_completed: null, avg_response_time: null });
  });

  it('draws a message whose envelope type is named like an Object property', async () => {
    const dir = tempDir();
    team(dir);
    writeJson(join(dir, 'teams/t/inboxes/lead.json'), [
      entry('coder', 'odd', { type: 'constructor', metadata: { requestId: '1' } }),
      entry('coder', 'odder', { type: '__proto__', metadata: { requestId: '2' } }),
    ]);
    const drawn = frame(await load(dir), { width: 120, height: 30 });
    expect(drawn).toContain('constructor: odd');
    expect(drawn).toMatch(/constructor +lead +→ coder/u);
  });

  it('says so when artifacts is a file, and reads a member folder that is a link within the claude dir, not out of it', async () => {
    const dir = tempDir();
    team(dir);
    mkdirSync(join(dir, 'tasks/t/coder'), { recursive: true });
    writeFileSync(join(dir, 'tasks/t/coder/artifacts'), 'not a folder');
    const records = (folder: string) => {
      mkdirSync(join(folder, 'artifacts'), { recursive: true });
      writeJson(join(folder, 'task-status.json'), { status: 'complete' });
      writeFileSync(join(folder, 'artifacts/review.md'), 'ok\n');
      return folder;
    };
    symlinkSync(records(join(dir, 'runner/reviewer')), join(dir, 'tasks/t/reviewer'));
    symlinkSync(records(join(tempDir(), 'outsider')), join(dir, 'tasks/t/outsider'));
    const json = snapshot(await load(dir), { thresholds: DEFAULT_THRESHOLDS, claudeDir: dir, now: Date.now() });
    expect(json.problems).toEqual([
      { path: 'tasks/t/coder/artifacts', message: 'is a file, not a folder' },
      { path: 'tasks/t/outsider/artifacts', message: 'is a link to outside the claude dir: not followed' },
      { path: 'tasks/t/outsider/task-status.json', message: 'is a link to outside the claude dir: not followed' },
    ]);
    const reviewer = json.teams[0]!.members.find((member) => member.name === 'reviewer')!;
    expect(reviewer).toMatchObject({ status: 'done', agent: { artifacts: { entries: [{ name: 'review.md', size: 3, kind: 'file' }] } } });
  });
});
