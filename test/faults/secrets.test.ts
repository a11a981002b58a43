/**
 * A file in the claude dir may be a link to anything (a private key, a token,
 * /etc/passwd) or hold anything: what teamtop shows, prints, records in its
 * journal and exports "to attach to a bug report" must not carry it. Links
 * out of the claude dir are not followed, and a file that does not parse is
 * named by its problem, whose message quotes nothing from it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settledSession } from '../../src/cli/session.js';
import { listAllRuns } from '../../src/io/journal/store-dir.js';
import { tempDir } from '../helpers/fixtures.js';
import { entry, watchRecorded, writeJson } from '../helpers/live.js';
import { CLI } from '../helpers/pty.js';
import { waitFor } from '../helpers/wait.js';

const KEY =
  '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n-----END OPENSSH PRIVATE KEY-----\n';
/** A token file that is JSON, just not an inbox. */
const TOKEN = JSON.stringify({ oauth_token: 'gho_s3cr3tT0k3nV4lu3', user: 'me' });
/** Pieces of the secrets: none may appear anywhere teamtop writes. */
const PIECES = ['OPENSSH', 'b3BlbnNzaC1rZXkt', 'gho_s3cr3t', 'oauth_token', 'root:x:0:0', '/bin/bash', 'sh:x:'];

function cli(args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', input: '' });
  return `${result.stdout}${result.stderr}`;
}

const expectNoSecret = (text: string) => {
  for (const piece of PIECES) expect(text).not.toContain(piece);
};

/** A team whose inboxes and task are links to secrets outside the claude dir, and one inbox that is a secret copied in. */
function leakyTeam(): string {
  const dir = tempDir();
  const outside = tempDir();
  writeJson(join(dir, 'teams/live/config.json'), {
    name: 'live',
    members: [{ name: 'team-lead' }, { name: 'worker' }, { name: 'helper' }],
  });
  writeJson(join(dir, 'teams/live/inboxes/team-lead.json'), [entry('worker', 'hello')]);
  writeFileSync(join(outside, 'id_ed25519'), KEY);
  writeFileSync(join(outside, 'hosts.json'), TOKEN);
  symlinkSync(join(outside, 'id_ed25519'), join(dir, 'teams/live/inboxes/worker.json'));
  symlinkSync('/etc/passwd', join(dir, 'teams/live/inboxes/helper.json'));
  mkdirSync(join(dir, 'tasks/live/worker'), { recursive: true });
  symlinkSync(join(outside, 'hosts.json'), join(dir, 'tasks/live/1.json'));
  // Not a link: a key saved where an inbox goes. Read, and named by its problem only.
  writeFileSync(join(dir, 'teams/live/inboxes/pasted.json'), KEY);
  writeFileSync(join(dir, 'teams/live/inboxes/token.json'), TOKEN);
  return dir;
}

describe('secrets behind links and in broken files', () => {
  it('follows no link out of the claude dir, says so, and quotes nothing from a file that does not parse', async () => {
    const dir = leakyTeam();
    const { store } = await settledSession(dir);
    const problems = [...store.getState().problems.values()].map(({ path, message }) => `${path}: ${message}`).sort();
    expect(problems).toEqual([
      'tasks/live/1.json: is a link to outside the claude dir: not followed',
      'teams/live/inboxes/helper.json: is a link to outside the claude dir: not followed',
      'teams/live/inboxes/pasted.json: not valid JSON (at line 1, column 2)',
      'teams/live/inboxes/token.json: inbox is not an array (found an object)',
      'teams/live/inboxes/worker.json: is a link to outside the claude dir: not followed',
    ]);
    const json = cli(['--json', '--dir', dir, '--no-journal']);
    expect(json).toContain('is a link to outside the claude dir');
    expectNoSecret(json);
  });

  it('records none of it in the journal, nor in an export, from the start-up scan or live', async () => {
    const dir = leakyTeam();
    const state = tempDir();
    const live = await watchRecorded(dir, { stateDir: state, write: true, maxBytes: 1e9 });
    // Live too: a link made, and a file turned into a secret, while watched.
    symlinkSync('/etc/passwd', join(dir, 'teams/live/inboxes/late.json'));
    writeFileSync(join(dir, 'teams/live/inboxes/team-lead.json'), 'root:x:0:0:root:/root:/bin/bash\n');
    await waitFor(() =>
      expect(live.json().problems.map((problem) => problem.path)).toEqual(
        expect.arrayContaining(['teams/live/inboxes/late.json', 'teams/live/inboxes/team-lead.json']),
      ),
    );
    await live.reader.settled();
    live.stop();
    const journal = listAllRuns(state)
      .map((run) => readFileSync(run.path, 'utf8'))
      .join('');
    expectNoSecret(journal);
    expect(journal).toContain('is a link to outside the claude dir: not followed');

    const out = join(tempDir(), 'live.jsonl');
    cli(['export', '--team', 'live', '--out', out, '--dir', dir, '--state-dir', state]);
    const exported = readFileSync(out, 'utf8');
    expect(exported).toContain('"op":"problem"');
    expectNoSecret(exported);
    expectNoSecret(cli(['replay', out, '--json']));
  });

  it('still follows links within the claude dir, and into a claude dir that is itself a link', async () => {
    const real = tempDir();
    writeJson(join(real, 'teams/live/config.json'), { name: 'live', members: [{ name: 'team-lead' }, { name: 'worker' }] });
    writeJson(join(real, 'shared/inbox.json'), [entry('team-lead', 'through a link inside')]);
    mkdirSync(join(real, 'teams/live/inboxes'));
    symlinkSync('../../../shared/inbox.json', join(real, 'teams/live/inboxes/worker.json'));
    const linked = join(tempDir(), '.claude');
    symlinkSync(real, linked);
    const { store } = await settledSession(linked);
    expect([...store.getState().problems.values()]).toEqual([]);
    expect(
      store
        .getState()
        .teams.get('live')!
        .inboxes.get('worker')!
        .messages.map((m) => m.text),
    ).toEqual(['through a link inside']);
  });
});
