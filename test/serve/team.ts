/**
 * The team the serve tests watch, as the real client writes it: a lead and
 * alice (in-process, blue) at work, bob (tmux, green) waiting for a
 * permission to run a command. Its times are now, so the clock judges them:
 * with `--stall-after 5`, bob's request has stalled (a standing `stalled`
 * warning) a few seconds after it is written.
 */
import { TeamFiles } from '../helpers/team-files.js';
import { TranscriptFiles } from '../helpers/transcript-files.js';
import { tempDir } from '../helpers/fixtures.js';

export const TEAM = 'session-5ca1ab1e';
/** What alice's running call reads: a tool's input. */
export const ALICE_INPUT = '/home/dev/work/src/secret-plan.ts';
/** What bob asks to run: a tool's input, in his permission request. */
export const BOB_INPUT = 'echo hello > out.txt';
export const LEAD_TOKENS = { input: 1200, output: 300 };
export const ALICE_TOKENS = { input: 2100, output: 450, cacheRead: 40_000 };

export function workingTeam(dir = tempDir()) {
  // Thirty seconds ago: every time in the files is in the past, and recent.
  const files = new TeamFiles(dir, Date.now() - 30_000);
  files.config([files.teammate('alice'), files.teammate('bob', { backend: 'tmux', color: 'green' })]);
  const transcripts = new TranscriptFiles(files);
  const lead = transcripts.lead();
  lead.prompt('Build the parser with alice and bob', 1);
  lead.toolUse('toolu_test', 'Bash', { command: 'npm test' }, 2, LEAD_TOKENS);
  lead.toolResult('toolu_test', 5);
  const alice = transcripts.inProcess('alice');
  alice.prompt('You are alice: design the parser API.', 3);
  alice.toolUse('toolu_alice', 'Read', { file_path: ALICE_INPUT }, 4, ALICE_TOKENS);
  files.send('alice', 'team-lead', 'Please draft the parser API in src/api.ts', 6, 'parser API');
  files.send('team-lead', 'bob', files.permissionRequest('bob', 8), 8);
  files.task('1', { subject: 'Design the parser API', owner: 'alice', status: 'in_progress' });
  files.task('2', { subject: 'Write the parser', owner: 'bob', blockedBy: ['1'] });
  return { dir, files, transcripts };
}
