// Both killed while idle: bob (tmux) does his task, tells the lead, and goes
// idle; the lead hears him and ends its turn. 4 s later bob's `claude` process
// gets SIGKILL, 2 s after that the lead's. The recording goes on 8 s after the
// lead is gone: nothing on disk says that either of them died.
import { doesTask } from '../script-kit.mjs';
import { diedWithin } from '../expect.mjs';

const killOf = (records, who) => records.kills.find((kill) => kill.who === who);
/** The type (and subtype) of a member's last record that is neither bookkeeping nor a request's trace. */
function lastRecord(records, name) {
  const kept = (records.member(name)?.records ?? []).filter((record) => ['assistant', 'user', 'system'].includes(record.type));
  const last = kept.at(-1);
  return last && `${last.type}${last.subtype ? `/${last.subtype}` : ''}`;
}

export const scenario = {
  name: 'killed-idle',
  summary: 'lead + bob (tmux): both idle, bob is killed, then the lead 2 s later',
  modes: ['tmux'],
  keepAfterLead: true,

  async during(run) {
    await run.mark('bob-idle');
    await run.mark('lead-idle');
    await run.sleep(4000);
    run.kill('bob', run.teammatePid('bob'));
    await run.sleep(2000);
    run.kill('team-lead', run.leadPid);
    await run.sleep(8000);
  },

  /** What the client left behind (client-records.mjs): nothing that says anyone died. */
  client: [
    { says: 'bob was killed, then the lead', check: (records) => records.kills.map((kill) => kill.who).join(',') === 'bob,team-lead' },
    {
      says: "bob's transcript ends as an idle turn ends (system/turn_duration)",
      check: (records) => lastRecord(records, 'bob') === 'system/turn_duration' || lastRecord(records, 'bob'),
    },
    {
      says: "the lead's transcript ends in its answer (assistant)",
      check: (records) => lastRecord(records, 'team-lead') === 'assistant' || lastRecord(records, 'team-lead'),
    },
    {
      says: 'config.json keeps bob, isActive: false',
      check: (records) => records.config?.members?.find((member) => member.name === 'bob')?.isActive === false,
    },
    {
      says: "the lead's sessions/<pid>.json stays, with the pid that was killed",
      check: (records) => records.sessions.some((session) => session.data?.pid === killOf(records, 'team-lead')?.pid),
    },
    { says: "the team's folder stays", check: (records) => !records.run.ended },
  ],

  /** Issue 35: with both killed while idle, doctor must not say "nothing wrong". */
  teamtop: [
    {
      says: 'bob and the lead are dead, the team ended',
      issue: 35,
      check: ({ json }) => json.teams[0].ended && json.teams[0].members.every((member) => member.status === 'dead'),
    },
    {
      says: 'doctor: member-died for both',
      issue: 35,
      check: ({ doctor }) => doctor.teams[0].diagnoses.filter((diagnosis) => diagnosis.kind === 'member-died').length >= 2,
    },
    {
      says: 'live: bob is dead within 10 s of his kill',
      issue: 35,
      check: ({ events, records }) => diedWithin(events, 'bob', killOf(records, 'bob').mono, 10_000),
    },
  ],

  lead(turn) {
    if (!turn.done('i01'))
      return turn.tools('i01', [['ToolSearch', { query: 'select:SendMessage,TaskCreate,TaskUpdate,TaskList', max_results: 10 }]]);
    if (!turn.done('i02'))
      return turn.tools('i02', [['TaskCreate', { subject: 'Write the parser', description: 'bob writes it', activeForm: 'Writing' }]]);
    if (!turn.done('i03')) {
      const prompt = 'You are bob. Work on task #1.';
      return turn.tools('i03', [
        ['Agent', { description: 'bob writes the parser', name: 'bob', subagent_type: 'general-purpose', prompt }],
      ]);
    }
    if (!turn.plain('bob').some((text) => text.includes('bob: task 1 done'))) return turn.say('Waiting for bob.');
    turn.mark('lead-idle');
    return turn.say('bob is done; nothing more for now.');
  },

  teammate(turn) {
    if (turn.done('b04')) turn.mark('bob-idle');
    return doesTask(turn, 'b', 'bob', '1');
  },
};
