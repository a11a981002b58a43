import { fork, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRecording } from '../../harness/recording.mjs';
import { applyOperation } from '../../harness/reenact.mjs';
import { shiftedClock } from '../helpers/clock.js';
import { tempDir } from '../helpers/fixtures.js';
import { sleep, waitFor } from '../helpers/wait.js';

// The conformance driver's recorder (conformance/recorder.mjs), as the driver
// runs it: a child process told to stop, leaving events.jsonl and versions/.
const RECORDER = resolve(import.meta.dirname, '../../conformance/recorder.mjs');

interface RecordedEvent {
  readonly seq: number;
  readonly t: number;
  readonly mono: number;
  readonly path: string;
  readonly kind: string;
  readonly src: string;
  readonly raw?: readonly string[];
  readonly version_file?: string;
  readonly changed?: number;
  readonly movedTo?: string;
  readonly movedFrom?: string;
}

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill();
});

const eventsIn = (out: string): RecordedEvent[] =>
  readFileSync(join(out, 'events.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedEvent);

/** Waits until what the recorder has written passes `check`. */
type Until = (check: (events: readonly RecordedEvent[], out: string) => void) => Promise<void>;

/**
 * What the recorder makes of `write`. The writes wait (`until`) for the
 * recorder to have recorded each step before they take the next, as a client
 * slow enough would: a busy machine holds the recorder back, and a step it had
 * not looked at yet would be recorded with the next (two appends as one, a
 * folder renamed and removed as removed). The last wait is for the last write:
 * nothing the writes caused is still on its way when the recorder is stopped.
 */
async function record(claude: string, write: (until: Until) => Promise<void>): Promise<{ events: RecordedEvent[]; out: string }> {
  const out = join(tempDir(), 'snap');
  const recorder = fork(RECORDER, [claude, out], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  running.push(recorder);
  const said = (what: string) => new Promise<void>((done) => recorder.on('message', (message) => message === what && done()));
  await said('ready');
  await write(async (check) => {
    await waitFor(() => check(eventsIn(out), out));
  });
  const stopped = said('stopped');
  recorder.send('stop');
  await stopped;
  return { events: eventsIn(out), out };
}

const on = (events: readonly RecordedEvent[], path: string) => events.filter((event) => event.path === path);
/** The versions of `path` the recorder kept, as text. */
const versions = (events: readonly RecordedEvent[], out: string, path: string) =>
  on(events, path).flatMap((event) => (event.version_file === undefined ? [] : [readFileSync(join(out, event.version_file), 'utf8')]));

describe('the conformance recorder', () => {
  it('records each version as 2.1.330 writes it, named as snapshot.py names the inotify events', async () => {
    const claude = tempDir();
    const inboxes = join(claude, 'teams/session-1/inboxes');
    const inbox = join(inboxes, 'lead.json');
    const config = join(claude, 'teams/session-1/config.json');
    const { events, out } = await record(claude, async (until) => {
      mkdirSync(inboxes, { recursive: true });
      await until((seen) => expect(on(seen, 'teams/session-1/inboxes')).not.toEqual([]));
      writeFileSync(config, '{"name":"session-1","members":[]}');
      writeFileSync(inbox, '[]');
      await until((seen, snap) => {
        expect(versions(seen, snap, 'teams/session-1/config.json')).toContain('{"name":"session-1","members":[]}');
        expect(versions(seen, snap, 'teams/session-1/inboxes/lead.json')).toContain('[]');
      });
      // In place (the client's config.json).
      writeFileSync(config, '{"name":"session-1","members":[{"name":"lead"}]}');
      await until((seen, snap) =>
        expect(versions(seen, snap, 'teams/session-1/config.json')).toContain('{"name":"session-1","members":[{"name":"lead"}]}'),
      );
      // A message: lock folder, temp file, rename over the inbox, lock removed.
      mkdirSync(`${inbox}.lock`);
      writeFileSync(`${inbox}.tmp.0123abcd`, '[{"msg_id":"m1","text":"hello"}]');
      await until((seen) => expect(on(seen, 'teams/session-1/inboxes/lead.json.tmp.0123abcd')).not.toEqual([]));
      renameSync(`${inbox}.tmp.0123abcd`, inbox);
      rmdirSync(`${inbox}.lock`);
      await until((seen) => {
        expect(on(seen, 'teams/session-1/inboxes/lead.json').some((event) => event.raw?.includes('MOVED_TO'))).toBe(true);
        expect(on(seen, 'teams/session-1/inboxes/lead.json.lock').map((event) => event.kind)).toContain('dir-delete');
      });
      // On exit the team folder is renamed away, then removed.
      renameSync(join(claude, 'teams/session-1'), join(claude, 'teams/session-1.deleted-abc'));
      await until((seen) => expect(on(seen, 'teams/session-1.deleted-abc')).not.toEqual([]));
      rmSync(join(claude, 'teams/session-1.deleted-abc'), { recursive: true });
      await until((seen) => expect(on(seen, 'teams/session-1.deleted-abc').map((event) => event.kind)).toContain('dir-delete'));
    });

    // A version caught in the middle of a write (empty) is a version too.
    const configs = on(events, 'teams/session-1/config.json');
    expect(configs[0]).toMatchObject({ kind: 'create', raw: ['CREATE'] });
    expect(configs.slice(1, -1).map((event) => [event.kind, event.raw])).toContainEqual(['modify', ['MODIFY']]);
    for (const event of configs.slice(1, -1)) expect([event.kind, event.raw]).toEqual(['modify', ['MODIFY']]);
    expect(configs.at(-1)).toMatchObject({ kind: 'delete', raw: ['DELETE'] });
    const temp = on(events, 'teams/session-1/inboxes/lead.json.tmp.0123abcd');
    expect(temp[0]).toMatchObject({ kind: 'create', raw: ['CREATE'] });
    expect(temp.at(-1)).toMatchObject({ kind: 'delete', raw: ['MOVED_FROM'] });
    const message = on(events, 'teams/session-1/inboxes/lead.json').find((event) => event.raw?.includes('MOVED_TO'));
    expect(message?.kind).toBe('modify');
    expect(readFileSync(join(out, message!.version_file!), 'utf8')).toContain('"m1"');
    expect(on(events, 'teams/session-1/inboxes/lead.json.lock').map((event) => event.kind)).toEqual(['dir-create', 'dir-delete']);
    expect(on(events, 'teams/session-1').at(-1)).toMatchObject({
      kind: 'dir-delete',
      raw: ['MOVED_FROM', 'ISDIR'],
      movedTo: 'teams/session-1.deleted-abc',
    });
    expect(on(events, 'teams/session-1.deleted-abc')).toMatchObject([
      { kind: 'dir-create', raw: ['MOVED_TO', 'ISDIR'], movedFrom: 'teams/session-1' },
      { kind: 'dir-delete', raw: ['DELETE', 'ISDIR'] },
    ]);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
  });

  it("times each version by the file's ctime, on the monotonic clock, never after the recorder saw it", async (context) => {
    // The ctime is the kernel's clock, turned into the monotonic one with the process's wall clock.
    const shifted = shiftedClock();
    if (shifted !== undefined) {
      console.warn(`skipped: ${shifted}`);
      context.skip(shifted);
    }
    const claude = tempDir();
    const inbox = join(claude, 'teams/session-1/inboxes/lead.json');
    // The recorder's monotonic clock (harness/stats.mjs), the same in every process.
    const mono = () => Number(process.hrtime.bigint()) / 1e6;
    const written = { from: 0, to: 0 };
    const { events } = await record(claude, async (until) => {
      mkdirSync(dirname(inbox), { recursive: true });
      await until((seen) => expect(on(seen, 'teams/session-1/inboxes')).not.toEqual([]));
      written.from = mono();
      writeFileSync(`${inbox}.tmp.0123abcd`, '[{"msg_id":"m1","text":"hello"}]');
      renameSync(`${inbox}.tmp.0123abcd`, inbox);
      written.to = mono();
      await until((seen) =>
        expect(on(seen, 'teams/session-1/inboxes/lead.json').some((event) => event.version_file !== undefined)).toBe(true),
      );
    });
    const message = on(events, 'teams/session-1/inboxes/lead.json').find((event) => event.version_file !== undefined);
    expect(message?.changed).toBeDefined();
    expect(message!.changed).toBeLessThanOrEqual(message!.mono);
    // When it was renamed over the inbox, by the writer's own clock, however late the recorder looked
    // (the kernel stamps a ctime with its coarse clock: a tick behind at most).
    expect(message!.changed!).toBeGreaterThanOrEqual(written.from - 25);
    expect(message!.changed!).toBeLessThanOrEqual(written.to + 25);
  });

  it('records a lock folder made and removed before it could be looked at', async () => {
    const claude = tempDir();
    const tasks = join(claude, 'tasks/session-1');
    mkdirSync(tasks, { recursive: true });
    const { events } = await record(claude, async (until) => {
      for (let i = 0; i < 20; i++) {
        mkdirSync(join(tasks, '1.json.lock'));
        rmdirSync(join(tasks, '1.json.lock'));
        await sleep(5);
      }
      await until((seen) => expect(on(seen, 'tasks/session-1/1.json.lock')).toHaveLength(40));
    });
    const kinds = on(events, 'tasks/session-1/1.json.lock').map((event) => event.kind);
    expect(kinds).toHaveLength(40);
    expect(kinds).toEqual(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 'dir-create' : 'dir-delete')));
  });

  it("records a session's transcript as what was appended to it, and plays it back", async () => {
    const claude = tempDir();
    const transcript = join(claude, 'projects/-home-dev-app/30ca3dcf-f31b-4764-ba2f-976ee1167b47.jsonl');
    const lines = ['{"type":"user","n":1}\n', '{"type":"assistant","n":2}\n{"type":"assistant","n":3}\n', '{"type":"system","n":4}\n'];
    const path = 'projects/-home-dev-app/30ca3dcf-f31b-4764-ba2f-976ee1167b47.jsonl';
    const { events, out } = await record(claude, async (until) => {
      mkdirSync(dirname(transcript), { recursive: true });
      for (const [i, line] of lines.entries()) {
        appendFileSync(transcript, line);
        await until((seen, snap) => expect(versions(seen, snap, path).join('')).toBe(lines.slice(0, i + 1).join('')));
      }
      mkdirSync(join(claude, 'sessions'));
      writeFileSync(join(claude, 'sessions/4242.json'), '{"status":"busy"}');
      await until((seen, snap) => expect(versions(seen, snap, 'sessions/4242.json')).toContain('{"status":"busy"}'));
    });
    const recorded = on(events, path);
    // A file may be seen as it is made, before its first bytes: then its first append is one more.
    const kinds = recorded.map((event) => event.kind);
    expect(kinds[0]).toBe('create');
    expect(kinds.slice(1)).toEqual(kinds.slice(1).map(() => 'append'));
    const pieces = recorded.map((event) => readFileSync(join(out, event.version_file!), 'utf8'));
    expect(pieces.filter(Boolean)).toEqual(lines);
    // Each append is recorded where it was written: after every byte before it.
    const offsets = pieces.map((_, i) => pieces.slice(0, i).join('').length);
    expect(recorded.slice(1).map((event) => (event as { offset?: number }).offset)).toEqual(offsets.slice(1));
    // A session file seen as it is made, before its bytes, is recorded again once they are written.
    const session = on(events, 'sessions/4242.json');
    expect(session[0]).toMatchObject({ kind: 'create' });
    expect(session.slice(1).map((event) => event.kind)).toEqual(session.slice(1).map(() => 'modify'));
    expect(readFileSync(join(out, session.at(-1)!.version_file!), 'utf8')).toBe('{"status":"busy"}');
    expect(readFileSync(join(out, 'final', path), 'utf8')).toBe(lines.join(''));

    const replayed = tempDir();
    for (const op of loadRecording(dirname(out)).ops) applyOperation(replayed, op);
    expect(readFileSync(join(replayed, path), 'utf8')).toBe(lines.join(''));
    expect(readFileSync(join(replayed, 'sessions/4242.json'), 'utf8')).toBe('{"status":"busy"}');
  });

  it('keeps the tree as it is when told to stop', async () => {
    const claude = tempDir();
    const { out } = await record(claude, async (until) => {
      mkdirSync(join(claude, 'tasks/session-1'), { recursive: true });
      writeFileSync(join(claude, 'tasks/session-1/1.json'), '{"id":"1"}');
      // Outside teams/, tasks/, sessions/ and projects/: not the recorder's business.
      writeFileSync(join(claude, '.claude.json'), '{}');
      await until((seen) => expect(on(seen, 'tasks/session-1/1.json')).not.toEqual([]));
    });
    expect(readFileSync(join(out, 'final/tasks/session-1/1.json'), 'utf8')).toBe('{"id":"1"}');
    expect(() => readFileSync(join(out, 'final/.claude.json'))).toThrow();
  });
});
