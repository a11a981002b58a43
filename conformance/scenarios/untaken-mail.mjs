// Mail not yet taken: bob (tmux) asks the model for his next step and the
// call hangs for 25 s. Meanwhile the lead writes to him twice: his process
// takes both messages out of his inbox file within a second or two, but his
// model sees them only once the hung call is answered, in the request after
// it (the `<teammate-message>` records in his transcript). He answers both,
// and approves his shutdown.
import { msOf, teammateMessages } from '../client-records.mjs';
import { shutdownAnswer, shutdownRequest, TASK_TOOLS } from '../script-kit.mjs';

/** The lead's two messages to bob while his call hung, each with the <teammate-message> that took it into his transcript. */
function pair(records) {
  const taken = teammateMessages(records.member('bob')?.records ?? []);
  return records.messages
    .filter((message) => message.from === 'team-lead' && message.to === 'bob' && message.text.startsWith('bob, '))
    .map((message) => ({ message, taken: taken.find((element) => element.body.trim() === message.text) }));
}

/** How long bob's model call hangs. */
export const HANG_MS = 25_000;

export const scenario = {
  name: 'untaken-mail',
  summary: "lead + bob (tmux): bob's model call hangs 25 s; the lead's two messages leave his inbox at once and reach his model after",
  modes: ['tmux'],

  /** What the client wrote (client-records.mjs). */
  client: [
    {
      says: "both of the lead's messages left bob's inbox within 2 s of arriving",
      check: (records) => {
        const both = pair(records);
        return (
          (both.length === 2 && both.every(({ message }) => message.removedMs !== null && message.removedMs - message.writtenMs < 2000)) ||
          JSON.stringify(both.map(({ message }) => [message.writtenMs, message.removedMs]))
        );
      },
    },
    {
      says: 'and reached his model 15 s or more after they left it (the <teammate-message> records in his transcript)',
      check: (records) => {
        const both = pair(records);
        const late = both.map(({ message, taken }) => (taken ? msOf(taken.record) - message.removedMs : null));
        return (late.length === 2 && late.every((ms) => ms !== null && ms >= 15_000)) || JSON.stringify(late);
      },
    },
    {
      says: 'both came in one user record, each with teammate_id and summary, and no color (the lead has none)',
      check: (records) => {
        const taken = pair(records).map((both) => both.taken);
        const sameRecord = taken.length === 2 && taken[0]?.record === taken[1]?.record;
        const attributes = taken.every(
          (element) => element?.attributes.teammate_id === 'team-lead' && element.attributes.summary && !('color' in element.attributes),
        );
        return (sameRecord && attributes) || JSON.stringify(taken.map((element) => element?.attributes));
      },
    },
  ],

  /**
   * Taken means the model took it (issue 35 §6): live, beside the run, each
   * message is said to leave bob's inbox not taken, and taken only once his
   * transcript shows it. After the run, the inboxes empty, both are kept from
   * his transcript (issue 36 §1).
   */
  teamtop: [
    {
      says: 'live: each left his inbox not taken, and was shown taken only once bob took it',
      issue: 35,
      check: ({ events, records }) => {
        const first = records.recordingStartMono;
        return pair(records).every(({ message, taken }) => {
          const about = events.filter((event) => event.event === 'message' && event.message?.id === message.msgId);
          const left = about.find((event) => event.change === 'delivered');
          const took = about.find((event) => event.message.taken);
          // The recording's wall clock and the follower's monotonic one meet at the recording's first event.
          const takenMs = msOf(taken.record) - records.recordingStartMs;
          return left !== undefined && !left.message.taken && took !== undefined && took.receivedAt - first >= takenMs - 500;
        });
      },
    },
    {
      says: "after the run, its inboxes empty: both kept from bob's transcript, recovered, taken when his model took them",
      issue: 36,
      check: ({ json, records }) =>
        pair(records).every(({ message, taken }) =>
          json.teams[0].messages.some(
            (kept) =>
              kept.to === 'bob' &&
              kept.from === 'team-lead' &&
              kept.text === message.text &&
              kept.recovered &&
              kept.taken &&
              kept.takenAt === new Date(msOf(taken.record)).toISOString(),
          ),
        ),
    },
  ],

  lead(turn) {
    if (!turn.done('m01'))
      return turn.tools('m01', [['ToolSearch', { query: 'select:SendMessage,TaskCreate,TaskUpdate,TaskList', max_results: 10 }]]);
    if (!turn.done('m02'))
      return turn.tools('m02', [['TaskCreate', { subject: 'Port the parser', description: 'bob ports it', activeForm: 'Porting' }]]);
    if (!turn.done('m03')) {
      const prompt = 'You are bob. Work on task #1.';
      return turn.tools('m03', [['Agent', { description: 'bob ports the parser', name: 'bob', subagent_type: 'general-purpose', prompt }]]);
    }
    // bob is in his hung call by then.
    if (!turn.done('m04')) return turn.tools('m04', [['Bash', { command: 'sleep 5', description: 'let bob start' }]]);
    if (!turn.done('m05'))
      return turn.tools('m05', [['SendMessage', { to: 'bob', summary: 'status?', message: 'bob, how is the port going?' }]]);
    if (!turn.done('m06')) return turn.tools('m06', [['Bash', { command: 'sleep 3', description: 'wait a little' }]]);
    if (!turn.done('m07'))
      return turn.tools('m07', [['SendMessage', { to: 'bob', summary: 'status again', message: 'bob, please answer: is it done?' }]]);
    if (!turn.plain('bob').some((text) => text.includes('bob: got both'))) return turn.say('Waiting for bob.');
    if (!turn.done('m08')) return turn.tools('m08', [shutdownRequest('bob', 'port done')]);
    if (!turn.shutDown('bob')) return turn.say('Waiting for bob to shut down.');
    turn.finish();
    return turn.say('ALL DONE: bob has shut down.');
  },

  teammate(turn) {
    const request = turn.frames('shutdown_request')[0];
    if (request && !turn.done('b05')) return turn.tools('b05', [shutdownAnswer(request)]);
    if (!turn.done('b01')) return turn.tools('b01', [TASK_TOOLS]);
    // The hung call: answered 25 s late.
    if (!turn.done('b02'))
      return turn.after(HANG_MS, turn.tools('b02', [['TaskUpdate', { taskId: '1', status: 'in_progress', owner: 'bob' }]]));
    const heard = turn.plain('team-lead').filter((text) => text.startsWith('bob, '));
    if (heard.length < 2) return turn.say('bob: porting.');
    if (!turn.done('b03')) return turn.tools('b03', [['TaskUpdate', { taskId: '1', status: 'completed' }]]);
    if (!turn.done('b04'))
      return turn.tools('b04', [
        ['SendMessage', { to: 'team-lead', summary: 'port done', message: 'bob: got both messages; the port is done' }],
      ]);
    return turn.say('bob: nothing more to do.');
  },
};
