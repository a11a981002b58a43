// What a scenario's scripted model needs to answer Claude Code: who is calling,
// which of its steps are done, what the teammates said.
//
// A scenario (scenarios/*.mjs) exports `scenario = { name, summary, lead(turn),
// teammate(turn), … }`; each function gets a Turn and returns the blocks of the
// answer (turn.tools(…) or turn.say(…)). Every reply is a function of the
// conversation the client sends, never of time: a step is done when a tool use
// with that step's id (`toolu_<who>_<step>_<n>`, chosen here) is in the history,
// so messages that arrive at odd moments do not derail the script.

/** What the lead is first told: how the fake model knows the lead from a teammate. */
export const PROMPT = 'RUN-TEAM-SCRIPT';

/** A teammate's answer to a shutdown request, as a tool use: yes unless `reason` says why not. */
export function shutdownAnswer(request, reason) {
  const approve = reason === undefined;
  const message = {
    type: 'shutdown_response',
    request_id: request.requestId ?? request.request_id,
    approve,
    ...(approve ? {} : { reason }),
  };
  return ['SendMessage', { to: 'team-lead', summary: approve ? 'approve shutdown' : 'reject shutdown', message }];
}

/** The lead asking `to` to shut down, as a tool use. */
export const shutdownRequest = (to, reason) => [
  'SendMessage',
  { to, summary: `shutdown ${to}`, message: { type: 'shutdown_request', reason } },
];

/**
 * The lead's opening of a run with one teammate: load the tools, make task #1,
 * spawn bob to write the parser, wait for him to say it is done. The blocks of
 * the step due (steps `<prefix>01` to `<prefix>03`), or undefined once bob is done.
 */
export function bobWritesTheParser(turn, prefix) {
  const step = (n) => `${prefix}0${n}`;
  if (!turn.done(step(1)))
    return turn.tools(step(1), [['ToolSearch', { query: 'select:SendMessage,TaskCreate,TaskUpdate,TaskList', max_results: 10 }]]);
  if (!turn.done(step(2)))
    return turn.tools(step(2), [
      ['TaskCreate', { subject: 'Write the parser', description: 'bob writes the parser', activeForm: 'Writing' }],
    ]);
  if (!turn.done(step(3))) {
    const prompt = 'You are bob. Work on task #1.';
    return turn.tools(step(3), [
      ['Agent', { description: 'bob writes the parser', name: 'bob', subagent_type: 'general-purpose', prompt }],
    ]);
  }
  if (!turn.plain('bob').some((text) => text.includes('bob: task 1 done'))) return turn.say('Waiting for bob.');
  return undefined;
}

/**
 * A teammate doing its task from start to end (steps `<prefix>01` to
 * `<prefix>04`: load the tools, start it, complete it, tell the lead), then
 * having nothing more to do.
 */
export function doesTask(turn, prefix, name, task) {
  const step = (n) => `${prefix}0${n}`;
  if (!turn.done(step(1))) return turn.tools(step(1), [TASK_TOOLS]);
  if (!turn.done(step(2))) return turn.tools(step(2), [['TaskUpdate', { taskId: task, status: 'in_progress', owner: name }]]);
  if (!turn.done(step(3))) return turn.tools(step(3), [['TaskUpdate', { taskId: task, status: 'completed' }]]);
  if (!turn.done(step(4)))
    return turn.tools(step(4), [['SendMessage', { to: 'team-lead', summary: `${name} done`, message: `${name}: task ${task} done` }]]);
  return turn.say(`${name}: nothing more to do.`);
}

/** Loading the task tools, a teammate's first step. */
export const TASK_TOOLS = ['ToolSearch', { query: 'select:TaskUpdate,TaskList,TaskGet', max_results: 5 }];

const TEAMMATE_MESSAGE = /<teammate-message teammate_id="([^"]+)"([^>]*)>\n?([\s\S]*?)\n?<\/teammate-message>/gu;

const blocksOf = (message) => (typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content ?? []));

/** The text of every user turn: prompts, tool results, teammate messages. */
function userTexts(messages) {
  const texts = [];
  for (const message of messages) {
    if (message.role !== 'user') continue;
    for (const block of blocksOf(message)) {
      if (block.type === 'text') texts.push(block.text);
      else if (block.type === 'tool_result') {
        if (typeof block.content === 'string') texts.push(block.content);
        else if (Array.isArray(block.content)) texts.push(...block.content.map((part) => part?.text ?? ''));
      }
    }
  }
  return texts;
}

/** A protocol frame in a teammate message: JSON first, maybe followed by instructions (shutdown_request is). */
function leadingJson(body) {
  const text = body.trimStart();
  if (!text.startsWith('{')) return null;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) {
      try {
        return JSON.parse(text.slice(0, i + 1));
      } catch {
        return null;
      }
    }
  }
  return null;
}

class Turn {
  constructor(who, body, ctx) {
    this.who = who;
    this.messages = body.messages ?? [];
    this.ctx = ctx;
    this.texts = userTexts(this.messages);
    this.text = this.texts.join('\n');
    /** Every teammate message delivered so far: { from, body, frame (the protocol object, or null) }. */
    this.teammateMessages = [...this.text.matchAll(TEAMMATE_MESSAGE)].map(([, from, , text]) => ({
      from,
      body: text,
      frame: leadingJson(text),
    }));
    const done = new Set();
    const id = new RegExp(`^toolu_${who}_(\\w+?)_\\d+$`, 'u');
    for (const message of this.messages) {
      if (message.role !== 'assistant') continue;
      for (const block of blocksOf(message)) {
        const step = block.type === 'tool_use' ? id.exec(block.id ?? '')?.[1] : undefined;
        if (step) done.add(step);
      }
    }
    /** Whether the conversation was compacted: it starts from the fake model's summary. */
    this.compacted = false;
    for (const [, steps] of this.text.matchAll(STEPS_DONE)) {
      this.compacted = true;
      for (const step of steps.split(' ').filter(Boolean)) done.add(step);
    }
    this.steps = done;
  }

  done(step) {
    return this.steps.has(step);
  }

  /** The tool uses of one step, in one answer: `[[name, input], …]`. */
  tools(step, uses) {
    return uses.map(([name, input], n) => ({ type: 'tool_use', id: `toolu_${this.who}_${step}_${n}`, name, input }));
  }

  say(text) {
    return [{ type: 'text', text }];
  }

  /**
   * What the client answered to the tool uses of one step, as the model reads it
   * (undefined until it has): a refusal is quoted from here.
   */
  result(step) {
    const id = new RegExp(`^toolu_${this.who}_${step}_\\d+$`, 'u');
    const texts = [];
    for (const message of this.messages) {
      if (message.role !== 'user') continue;
      for (const block of blocksOf(message)) {
        if (block.type !== 'tool_result' || !id.test(block.tool_use_id ?? '')) continue;
        texts.push(typeof block.content === 'string' ? block.content : (block.content ?? []).map((part) => part?.text ?? '').join(''));
      }
    }
    return texts.length > 0 ? texts.join('\n') : undefined;
  }

  /** `blocks`, answered `ms` later: the model takes its time. */
  after(ms, blocks) {
    return Object.assign(blocks, { delayMs: ms });
  }

  /**
   * An HTTP error instead of an answer (a control block, fake-api.mjs):
   * `status` with an error of `type` (overloaded_error, rate_limit_error,
   * api_error), and response headers such as `{ 'retry-after': '3' }`.
   */
  error(status, type, message = `fake ${status}`, headers = {}) {
    return [{ type: '_error', status, error_type: type, message, headers }];
  }

  /** `blocks`, reporting `usage` (input_tokens, cache_read_input_tokens, …) instead of the usual figures. */
  usage(usage, blocks) {
    return [{ type: '_usage', ...usage }, ...blocks];
  }

  /** The calls this member made so far that ended in an HTTP error (the fake API counts them). */
  failures() {
    return this.ctx.failures?.(this.who) ?? 0;
  }

  /** Names a moment of the run: the runner's `during` (run.mjs) can wait for it. */
  mark(name) {
    this.ctx.mark?.(name);
  }

  /** Plain-text messages from `from` (any sender without it). */
  plain(from) {
    return this.teammateMessages.filter((m) => m.frame === null && (from === undefined || m.from === from)).map((m) => m.body);
  }

  /** Protocol frames of one type, in the order they arrived. */
  frames(type) {
    return this.teammateMessages.filter((m) => m.frame?.type === type).map((m) => ({ from: m.from, ...m.frame }));
  }

  /** Whether `name` has shut down: its approval, or the client saying so (`teammate_terminated`). */
  shutDown(name) {
    return (
      this.frames('shutdown_approved').some((frame) => frame.from === name) ||
      // The whole name: dave-2 shutting down is not dave.
      new RegExp(`(?<![\\w-])${name}(?![\\w-])[^\\n]{0,80}(has shut down|shut down|terminated)`, 'iu').test(this.text)
    );
  }

  log(text) {
    this.ctx.log(`${this.who}: ${text}`);
  }

  /** The run is over: the driver stops Claude Code. */
  finish() {
    this.ctx.done();
  }
}

/**
 * A compaction's summary call (2.1.332): the conversation so far, then a user
 * message whose content is a plain string (every other user message the client
 * sends, prompt, mail or tool result, is a list of blocks). Tools still listed.
 */
function isCompaction(messages) {
  const last = messages.at(-1);
  return last?.role === 'user' && typeof last.content === 'string';
}

/**
 * After a compaction the conversation starts from the summary: the fake
 * model's summary says who it is and which steps are done (a step is done when
 * its tool use is in the history, and the history is gone).
 */
const STEPS_DONE = /SCRIPT STEPS DONE: ([\w ]*)/gu;

/** `blocks`, saying whose they are: a member (`lead`, or a teammate's name), or null for a side call (a title, a summary). */
const answer = (who, blocks) => Object.assign(blocks, { who });

/**
 * What a member tells its own subagent, in the `Agent` call's prompt, so the
 * fake model knows the subagent's calls: `SUBAGENT <name> OF <member>.`
 */
export const subagentPrompt = (name, of, task) => `SUBAGENT ${name} OF ${of}. ${task}`;
const SUBAGENT = /SUBAGENT (\w+) OF ([\w-]+)\./u;

/** The answer to one call of the Messages API, with `who` it answers (see answer). */
export function respond(scenario, body, headers, ctx) {
  const tools = (body.tools ?? []).map((tool) => tool.name);
  const messages = body.messages ?? [];
  const first = userTexts(messages.slice(0, 1)).join('\n');
  // A member's own subagent (scenario.subagent answers it): its prompt says whose.
  const sub = SUBAGENT.exec(first);
  if (sub && scenario.subagent && !isCompaction(messages)) {
    const [, name, of] = sub;
    const turn = new Turn(name, body, ctx);
    turn.of = of;
    turn.log(`(subagent of ${of}) steps done: ${[...turn.steps].sort().join(' ') || '-'}`);
    return Object.assign(answer(name, scenario.subagent(turn)), { subagentOf: of });
  }
  // Titles, summaries and other side calls carry neither team tool.
  if (!tools.includes('Agent') && !tools.includes('SendMessage')) return answer(null, [{ type: 'text', text: 'aux reply' }]);
  // In-process teammates say who they are in a header; tmux teammates are separate
  // processes that send none, but their first message is the lead's spawn prompt.
  const agent = headers['x-claude-code-agent-id'];
  const name = agent ? agent.split('@')[0] : first.includes(PROMPT) ? null : /You are (\w+)\./u.exec(first)?.[1];
  if (name === undefined) {
    ctx.log('unclassified request');
    return answer(null, [{ type: 'text', text: 'unclassified' }]);
  }
  const turn = new Turn(name ?? 'lead', body, ctx);
  if (isCompaction(messages)) {
    // Who it is and where its script stands, for after (a side call: written to no transcript).
    const steps = [...turn.steps].sort().join(' ');
    turn.log(`compaction: steps done ${steps || '-'}`);
    const self = name === null ? PROMPT : `You are ${name}.`;
    const summary = [{ type: 'text', text: `<summary>${self} SCRIPT STEPS DONE: ${steps}</summary>` }];
    // A summary call reads the whole conversation: a scenario may say what it reports.
    return answer(null, scenario.summaryUsage ? turn.usage(scenario.summaryUsage, summary) : summary);
  }
  const heard = turn.teammateMessages.map((m) => `${m.from}:${m.frame?.type ?? 'text'}`);
  turn.log(`steps done: ${[...turn.steps].sort().join(' ') || '-'}; heard: ${heard.join(' ') || '-'}`);
  return answer(turn.who, name === null ? scenario.lead(turn) : scenario.teammate(turn));
}
