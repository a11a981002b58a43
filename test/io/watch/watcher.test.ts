import { closeSync, existsSync, mkdirSync, openSync, rmSync, writeSync, ftruncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NodeFsHandler } from 'chokidar/handler.js';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { copyFixture, tempDir } from '../../helpers/fixtures.js';
import { entry, watch, writeJson, writeJsonAtomic } from '../../helpers/live.js';
import { sleep, waitFor } from '../../helpers/wait.js';

const teamConfig = (name: string) => ({
  name,
  createdAt: Date.now(),
  leadAgentId: `team-lead@${name}`,
  members: [
    { name: 'team-lead', agentType: 'team-lead', agentId: `team-lead@${name}` },
    { name: 'worker', color: 'green' },
  ],
});

function newTeam(dir: string, name = 'live') {
  writeJson(join(dir, 'teams', name, 'config.json'), teamConfig(name));
  writeJson(join(dir, 'teams', name, 'inboxes', 'team-lead.json'), []);
  return join(dir, 'teams', name, 'inboxes', 'team-lead.json');
}

const texts = (json: { teams: { messages: { text: string }[] }[] }) => json.teams.flatMap((team) => team.messages.map((m) => m.text));

describe('watching a claude dir', () => {
  it('sees an appended message', async () => {
    const dir = tempDir();
    const inbox = newTeam(dir);
    const live = await watch(dir);
    writeJson(inbox, [entry('worker', 'hello lead')]);
    await waitFor(() => expect(texts(live.json())).toEqual(['hello lead']));
  });

  it('keeps a message that is deleted from its inbox 5 ms after it was written', async () => {
    const dir = tempDir();
    const inbox = newTeam(dir);
    const live = await watch(dir);
    for (let i = 0; i < 5; i++) {
      writeJson(inbox, [entry('worker', `fleeting ${i}`)]);
      await sleep(5);
      writeJson(inbox, []);
      await sleep(20);
    }
    await waitFor(() => expect(texts(live.json())).toEqual(['fleeting 0', 'fleeting 1', 'fleeting 2', 'fleeting 3', 'fleeting 4']));
    expect(live.json().teams[0]!.messages.every((m) => m.delivered)).toBe(true);
  });

  it('ends on the last state of a burst of rewrites (chokidar alone would drop it)', async () => {
    const dir = tempDir();
    const inbox = newTeam(dir);
    const live = await watch(dir);
    const messages = [];
    for (let i = 0; i < 30; i++) {
      messages.push(entry('worker', `burst ${i}`));
      writeJson(inbox, messages);
      await sleep(1);
    }
    await waitFor(() => expect(texts(live.json())).toHaveLength(30));
    expect(live.json().problems).toEqual([]);
  });

  it('reads a file renamed over the inbox (temp file + rename)', async () => {
    const dir = tempDir();
    const inbox = newTeam(dir);
    const live = await watch(dir);
    const one = entry('worker', 'atomic one');
    writeJsonAtomic(inbox, [one]);
    await waitFor(() => expect(texts(live.json())).toEqual(['atomic one']));
    writeJsonAtomic(inbox, [one, entry('worker', 'atomic two')]);
    await waitFor(() => expect(texts(live.json())).toEqual(['atomic one', 'atomic two']));
  });

  it('shows an earlier message marked read in the same rewrite that appends one', async () => {
    const dir = tempDir();
    const inbox = newTeam(dir);
    const first = entry('worker', 'first', { summary: 'ab' });
    const second = entry('worker', 'second');
    writeJson(inbox, [first, second]);
    const live = await watch(dir);
    await waitFor(() => expect(texts(live.json())).toEqual(['first', 'second']));
    // `read` one byte shorter, `summary` one longer: the same length at the start,
    // longer overall, so it looks like a plain append until the start is checked.
    writeJson(inbox, [{ ...first, read: true, summary: 'abc' }, second, entry('worker', 'third')]);
    await waitFor(() =>
      expect(live.json().teams[0]!.messages.map((m) => [m.text, m.read])).toEqual([
        ['first', true],
        ['second', false],
        ['third', false],
      ]),
    );
  });

  it('keeps the last good state through a torn in-place write, and shows no problem when it completes quickly', async () => {
    const dir = tempDir();
    const inbox = newTeam(dir);
    const before = entry('worker', 'before');
    writeJson(inbox, [before]);
    const live = await watch(dir);
    const full = JSON.stringify([before, entry('worker', 'after')], null, 2);
    const fd = openSync(inbox, 'r+');
    ftruncateSync(fd, 0);
    writeSync(fd, full.slice(0, 40), 0);
    await sleep(30);
    expect(texts(live.json())).toEqual(['before']);
    writeSync(fd, full.slice(40), 40);
    closeSync(fd);
    await waitFor(() => expect(texts(live.json())).toEqual(['before', 'after']));
    expect(live.json().problems).toEqual([]);
  });

  it('reports a file that stays broken, with its path, and clears it once fixed', async () => {
    const dir = tempDir();
    const inbox = newTeam(dir);
    const kept = entry('worker', 'kept');
    writeJson(inbox, [kept]);
    const live = await watch(dir);
    writeFileSync(inbox, '[{"from": "worker", "te');
    await waitFor(() =>
      expect(live.json().problems).toEqual([
        { path: 'teams/live/inboxes/team-lead.json', message: expect.stringContaining('not valid JSON') },
      ]),
    );
    expect(texts(live.json())).toEqual(['kept']);
    writeJson(inbox, [kept, entry('worker', 'fixed')]);
    await waitFor(() => expect(live.json().problems).toEqual([]));
  });

  it('reads a file made in a new folder after chokidar listed the folder and before it watched it (chokidar#1471)', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'tasks'), { recursive: true });
    newTeam(dir, 'gap');
    // Hit the gap every time: the task is written once chokidar's scan of its new folder is done, just before its fs.watch.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the handler as `this`
    const watchWithNodeFs = NodeFsHandler.prototype._watchWithNodeFs;
    const spy = vi.spyOn(NodeFsHandler.prototype, '_watchWithNodeFs').mockImplementation(function (this: NodeFsHandler, path, listener) {
      if (path === join(dir, 'tasks', 'gap'))
        writeJson(join(path, '1.json'), { id: '1', subject: 'made in the gap', status: 'pending', blocks: [], blockedBy: [] });
      return watchWithNodeFs.call(this, path, listener);
    });
    onTestFinished(() => spy.mockRestore());
    const live = await watch(dir);
    mkdirSync(join(dir, 'tasks', 'gap'));
    await waitFor(() => expect(live.json().teams[0]!.tasks.map((task) => task.subject)).toEqual(['made in the gap']));
  });

  it('watches a folder made in a new folder before chokidar watched it (chokidar#1471): what is written there later is read', async () => {
    const dir = tempDir();
    newTeam(dir, 'gap');
    // The real client makes tasks/ and tasks/<team>/ 5 ms apart; here the second lands in chokidar's gap every time.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the handler as `this`
    const watchWithNodeFs = NodeFsHandler.prototype._watchWithNodeFs;
    const spy = vi.spyOn(NodeFsHandler.prototype, '_watchWithNodeFs').mockImplementation(function (this: NodeFsHandler, path, listener) {
      if (path === join(dir, 'tasks') && !existsSync(join(path, 'gap'))) mkdirSync(join(path, 'gap'));
      return watchWithNodeFs.call(this, path, listener);
    });
    onTestFinished(() => spy.mockRestore());
    const live = await watch(dir);
    mkdirSync(join(dir, 'tasks'));
    // Its first task comes seconds later in a real run: long after any second look at the new folder.
    await sleep(1500);
    writeJson(join(dir, 'tasks', 'gap', '1.json'), { id: '1', subject: 'written later', status: 'pending', blocks: [], blockedBy: [] });
    await waitFor(() => expect(live.json().teams[0]!.tasks.map((task) => task.subject)).toEqual(['written later']));
  });

  it('reads what a new folder holds as soon as its parent names it, before chokidar looks inside', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'teams'));
    // chokidar looks inside the new folder only once the test is over.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the handler as `this`
    const handleDir = NodeFsHandler.prototype._handleDir;
    const spy = vi.spyOn(NodeFsHandler.prototype, '_handleDir').mockImplementation(async function (this: NodeFsHandler, ...args) {
      if (args[0] === join(dir, 'teams', 'held')) await held;
      return handleDir.apply(this, args);
    });
    onTestFinished(() => {
      release();
      spy.mockRestore();
    });
    const live = await watch(dir);
    mkdirSync(join(dir, 'teams', 'held'));
    writeJson(join(dir, 'teams', 'held', 'config.json'), teamConfig('held'));
    await waitFor(() => expect(live.json().teams.map((team) => [team.name, team.members.length])).toEqual([['held', 2]]));
  });

  it('ends a team whose folder goes before chokidar looked inside it', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'teams'));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the handler as `this`
    const handleDir = NodeFsHandler.prototype._handleDir;
    const spy = vi.spyOn(NodeFsHandler.prototype, '_handleDir').mockImplementation(async function (this: NodeFsHandler, ...args) {
      if (args[0] === join(dir, 'teams', 'brief')) await held;
      return handleDir.apply(this, args);
    });
    onTestFinished(() => {
      release();
      spy.mockRestore();
    });
    const live = await watch(dir);
    const inbox = newTeam(dir, 'brief');
    writeJson(inbox, [entry('worker', 'hello')]);
    await waitFor(() => expect(texts(live.json())).toEqual(['hello']));
    rmSync(join(dir, 'teams', 'brief'), { recursive: true });
    await waitFor(() => expect(live.json().teams.map((team) => [team.name, team.ended])).toEqual([['brief', true]]));
  });

  // Teams made one after another, each config.json written a few ms after its folder: some land in chokidar's gap.
  for (const gap of [1, 2, 3, 5, 8]) {
    it(`reads a config written ${gap} ms after its team folder`, async () => {
      const dir = tempDir();
      mkdirSync(join(dir, 'teams'));
      const live = await watch(dir);
      for (let i = 0; i < 10; i++) {
        mkdirSync(join(dir, 'teams', `t${i}`));
        await sleep(gap);
        writeJson(join(dir, 'teams', `t${i}`, 'config.json'), { name: `t${i}`, members: [{ name: 'team-lead' }, { name: 'worker' }] });
        await sleep(30);
      }
      await waitFor(() => expect(live.json().teams.map((team) => team.members.length)).toEqual(Array(10).fill(2)));
    });
  }

  it('adds a team that appears while running, and a new task', async () => {
    const dir = tempDir();
    const live = await watch(dir);
    expect(live.json().teams).toEqual([]);
    newTeam(dir, 'arrival');
    await waitFor(() => expect(live.json().teams.map((team) => team.name)).toEqual(['arrival']));
    writeJson(join(dir, 'tasks', 'arrival', '1.json'), { id: '1', subject: 'first', status: 'pending', blocks: [], blockedBy: [] });
    await waitFor(() => expect(live.json().teams[0]!.tasks.map((task) => task.subject)).toEqual(['first']));
  });

  it('keeps a deleted team on screen as ended, tasks as they were, and a single deleted task as deleted', async () => {
    const dir = copyFixture('protocol-zoo');
    const live = await watch(dir);
    rmSync(join(dir, 'tasks', 'zoo', '3.json'));
    await waitFor(() => expect(live.json().teams[0]!.tasks.find((task) => task.id === '3')!.state).toBe('deleted'));
    rmSync(join(dir, 'teams', 'zoo'), { recursive: true });
    rmSync(join(dir, 'tasks', 'zoo'), { recursive: true });
    await waitFor(() => expect(live.json().teams[0]!.ended).toBe(true));
    await sleep(200);
    const team = live.json().teams[0]!;
    expect(team.members).toHaveLength(3);
    expect(team.messages.length).toBeGreaterThan(20);
    expect(team.tasks.find((task) => task.id === '1')!.state).toBe('completed');
  });

  it('ignores lock files and lock directories', async () => {
    const dir = tempDir();
    const inbox = newTeam(dir);
    const live = await watch(dir);
    mkdirSync(`${inbox}.lock`);
    writeFileSync(join(`${inbox}.lock`, 'pid'), '1');
    mkdirSync(join(dir, 'tasks', 'live', '.lock.lock'), { recursive: true });
    writeFileSync(join(dir, 'tasks', 'live', '.lock'), '');
    writeJson(inbox, [entry('worker', 'after locks')]);
    rmSync(`${inbox}.lock`, { recursive: true });
    await waitFor(() => expect(texts(live.json())).toEqual(['after locks']));
    expect(live.json().problems).toEqual([]);
  });

  it('starts on a config dir that does not exist yet', async () => {
    const dir = join(tempDir(), 'not-yet');
    const live = await watch(dir);
    newTeam(dir, 'late');
    await waitFor(() => expect(live.json().teams.map((team) => team.name)).toEqual(['late']));
  });
});
