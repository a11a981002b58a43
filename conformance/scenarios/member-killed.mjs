// A tmux teammate killed by pid in the middle of a tool call, then the lead
// killed too, as a crash or the OOM killer would: bob tells the lead he starts
// a build and runs a command capped at 30 s; the lead, itself inside a 30 s
// command, never reads his message. 3 s into bob's command his `claude`
// process gets SIGKILL; 5 s later the lead's. The recording goes on 10 s after
// the lead is gone: nothing cleans up after either of them.
import { teammateMessages, toolResults, toolUses } from '../client-records.mjs';
import { TASK_TOOLS } from '../script-kit.mjs';
import { diedWithin } from '../expect.mjs';

/** A command that runs 30 s at most (2.1.332's Bash refuses a long `sleep`). */
export const LONG_COMMAND = 'timeout 30 tail -f /dev/null';

/** Whether `name`'s transcript ends in its long command, never answered: the last tool call it made. */
function endsInCommand(records, name) {
  const transcript = records.member(name);
  if (!transcript) return `no transcript of ${name}`;
  const uses = toolUses(transcript.records);
  const last = uses.at(-1);
  if (last?.name !== 'Bash' || last.input?.command !== LONG_COMMAND) return `its last tool call is ${last?.name ?? 'none'}`;
  return toolResults(transcript.records).has(last.id) ? 'the command has a result' : true;
}

const killOf = (records, who) => records.kills.find((kill) => kill.who === who);

export const scenario = {
  name: 'member-killed',
  summary: 'lead + bob (tmux): bob is killed 3 s into a 30 s command, the lead 5 s later, inside its own',
  modes: ['tmux'],
  keepAfterLead: true,

  async during(run) {
    await run.mark('bob-in-command');
    await run.mark('lead-in-command');
    await run.sleep(3000);
    run.kill('bob', run.teammatePid('bob'));
    await run.sleep(5000);
    run.kill('team-lead', run.leadPid);
    await run.sleep(10_000);
  },

  /** What the client left behind (client-records.mjs), in the run and in its recording. */
  client: [
    {
      says: 'bob was killed, then the lead',
      check: (records) =>
        records.kills.map((kill) => kill.who).join(',') === 'bob,team-lead' || records.kills.map((kill) => kill.who).join(','),
    },
    { says: "bob's transcript ends in his command, with no result", check: (records) => endsInCommand(records, 'bob') },
    { says: "the lead's transcript ends in its command, with no result", check: (records) => endsInCommand(records, 'team-lead') },
    {
      says: 'config.json keeps bob isActive: true',
      check: (records) => records.config?.members?.find((member) => member.name === 'bob')?.isActive === true,
    },
    {
      says: "the lead's sessions/<pid>.json stays, busy, with the pid that was killed",
      check: (records) => {
        const session = records.sessions.find((candidate) => candidate.data?.pid === killOf(records, 'team-lead')?.pid);
        return session ? session.data.status === 'busy' || `status ${session.data.status}` : 'no sessions/<pid>.json of the lead';
      },
    },
    {
      says: 'both processes left a sessions/<pid>.<hex>.key',
      check: (records) => records.kills.every((kill) => records.sessionKeys.some((key) => key.startsWith(`sessions/${kill.pid}.`))),
    },
    { says: "the team's folder stays", check: (records) => !records.run.ended },
    {
      says: "bob's message left the lead's inbox and never reached the lead's model",
      check: (records) => {
        const message = records.messages.find(
          (candidate) => candidate.from === 'bob' && candidate.to === 'team-lead' && candidate.kind === 'text',
        );
        if (!message) return 'bob wrote the lead no message';
        if (message.removedMs === null) return 'it stayed in the inbox';
        const taken = teammateMessages(records.member('team-lead')?.records ?? []).some(
          (element) => element.attributes.teammate_id === 'bob',
        );
        return !taken || 'the lead took it';
      },
    },
  ],

  /**
   * Issue 35: what teamtop must make of it, judged on the tree as the run
   * left it (every process gone) and on `teamtop --follow --json` beside the run.
   */
  teamtop: [
    {
      says: 'bob is dead',
      issue: 35,
      check: ({ json }) => {
        const bob = json.teams[0].members.find((member) => member.name === 'bob');
        return bob.status === 'dead' && bob.statusSince !== null && bob.activity.state === 'dead';
      },
    },
    {
      says: 'the lead is dead and the team ended',
      issue: 35,
      check: ({ json }) => json.teams[0].ended && json.teams[0].members.find((member) => member.isLead).status === 'dead',
    },
    {
      says: 'doctor: member-died for bob and the lead',
      issue: 35,
      check: ({ doctor }) => doctor.teams[0].diagnoses.filter((diagnosis) => diagnosis.kind === 'member-died').length >= 2,
    },
    {
      says: 'live: bob is dead within 10 s of his kill, never working after it',
      issue: 35,
      check: ({ events, records }) => diedWithin(events, 'bob', killOf(records, 'bob').mono, 10_000),
    },
  ],

  lead(turn) {
    if (!turn.done('k01'))
      return turn.tools('k01', [['ToolSearch', { query: 'select:SendMessage,TaskCreate,TaskUpdate,TaskList', max_results: 10 }]]);
    if (!turn.done('k02'))
      return turn.tools('k02', [['TaskCreate', { subject: 'Build the release', description: 'bob builds it', activeForm: 'Building' }]]);
    if (!turn.done('k03')) {
      const prompt = 'You are bob. Work on task #1.';
      return turn.tools('k03', [
        ['Agent', { description: 'bob builds the release', name: 'bob', subagent_type: 'general-purpose', prompt }],
      ]);
    }
    if (!turn.done('k04')) {
      turn.mark('lead-in-command');
      return turn.tools('k04', [['Bash', { command: LONG_COMMAND, description: 'watch the build', timeout: 60000 }]]);
    }
    return turn.say('The build is watched.');
  },

  teammate(turn) {
    if (!turn.done('b01')) return turn.tools('b01', [TASK_TOOLS]);
    if (!turn.done('b02')) return turn.tools('b02', [['TaskUpdate', { taskId: '1', status: 'in_progress', owner: 'bob' }]]);
    if (!turn.done('b03')) {
      turn.mark('bob-in-command');
      return turn.tools('b03', [
        ['SendMessage', { to: 'team-lead', summary: 'build started', message: 'bob: the build is running' }],
        ['Bash', { command: LONG_COMMAND, description: 'build the release', timeout: 60000 }],
      ]);
    }
    return turn.say('bob: build done.');
  },
};
