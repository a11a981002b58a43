/**
 * How work.ts says what a member does between its messages, one chain of beats from a time on:
 * `work.of('tester', 7).tool('Bash', { command: 'npm test' }, 17).done('Tests pass.')`.
 */
import { at, type DemoTeam, type Step } from './team.js';
import { toolUseId, type Transcript } from './transcripts.js';

type Json = Record<string, unknown>;

/** A tool's result, in tokens, by tool: what it adds to the member's context. */
const RESULT_TOKENS: Readonly<Record<string, number>> = { Read: 2400, Bash: 1200, Grep: 500, Glob: 300, Agent: 400 };
const PAUSE = 0.3;

interface ToolOptions {
  /** Its result is an error (a failing command, a plan sent back). */
  readonly error?: boolean;
  /** What its result adds to the context, in tokens. */
  readonly tokens?: number;
  /** The call's id, where a message names it (a permission request). */
  readonly id?: string;
  /** A person allowed it at a permission prompt. */
  readonly asked?: boolean;
  /** Tokens the model wrote for the call. */
  readonly output?: number;
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;

/** A tool call's key input, for simulate's log. */
const detailOf = (input: Json) => {
  const value = Object.values(input).find((entry) => typeof entry === 'string');
  return typeof value === 'string' ? ` ${value.split('\n')[0]!.slice(0, 60)}` : '';
};

/** A SendMessage call's input: a message. */
export const send = (to: string, summary: string, message: string) => ({ to, summary, message });
/** A SendMessage call's input: an answer to a request. */
export const answer = (to: string, type: string, requestId: string, approve: boolean, reason?: string) => ({
  to,
  message: { type, request_id: requestId, approve, ...(reason ? { reason } : {}) },
});
/** A SendMessage call's input: a request. */
export const ask = (to: string, type: string) => ({ to, message: { type, reason: 'Your part is done, thank you.' } });

export class Work {
  readonly steps: Step[] = [];

  of(member: string, seconds: number): Chain {
    return new Chain(this.steps, member, seconds);
  }

  /** A step of the team's own at `seconds` (the lead's process waiting at a prompt). */
  at(seconds: number, run: (team: DemoTeam) => string): void {
    this.steps.push(at(seconds, run));
  }
}

export class Chain {
  constructor(
    private readonly steps: Step[],
    private readonly member: string,
    private t: number,
  ) {}

  then(seconds: number): this {
    this.t = seconds;
    return this;
  }

  prompt(text: string): this {
    return this.write(PAUSE, (work) => work.prompt(text));
  }

  /** The model takes the mail delivered to it (a teammate's first: its spawn prompt before it). */
  take(spawnPrompt?: string): this {
    return this.step(PAUSE, (team) => {
      team.take(this.member, spawnPrompt);
      return '';
    });
  }

  think(thought: string, seconds = 0.5, output = 240): this {
    return this.write(seconds, (work) => work.think(thought, output));
  }

  say(text: string, output = 90): this {
    return this.write(PAUSE, (work) => work.say(text, output));
  }

  /** Its last words in a turn: the turn ends. */
  done(text: string, output = 70): this {
    return this.write(PAUSE, (work) => work.say(text, output, true));
  }

  tool(name: string, input: Json, took: number, options: ToolOptions = {}): this {
    return this.tools(name, [input], took, options);
  }

  /** Calls of one tool made in one response (one record each), their results `took` seconds later. */
  tools(name: string, inputs: readonly Json[], took: number, options: ToolOptions = {}): this {
    const ids: string[] = [];
    const start = this.t;
    this.step(0, (team, work) => {
      ids.length = 0;
      for (let index = 0; index < inputs.length; index++) ids.push(index === 0 && options.id ? options.id : toolUseId());
      inputs.forEach((input, index) => work.tool(ids[index]!, name, input, options.output ?? 80 + 40 * index));
      return inputs.map((input) => `${this.member} ▶ ${name}${detailOf(input)}`).join('\n');
    });
    this.t = start + took;
    const tokens = options.tokens ?? RESULT_TOKENS[name] ?? 150;
    return this.step(PAUSE, (team, work) => {
      for (const id of ids) work.result(id, tokens, options.error === true, options.asked === true);
      return `${this.member} ${options.error ? '✗' : '✓'} ${name}${inputs.length > 1 ? ` ×${inputs.length}` : ''}`;
    });
  }

  private write(after: number, run: (work: Transcript) => void): this {
    return this.step(after, (_, work) => {
      run(work);
      return '';
    });
  }

  /** A step at the chain's time, for the member while it has a session; the next `after` seconds later. */
  private step(after: number, run: (team: DemoTeam, work: Transcript) => string): this {
    const member = this.member;
    this.steps.push(
      at(round(this.t), (team) => {
        const work = team.work(member);
        return work ? run(team, work) : '';
      }),
    );
    this.t += after;
    return this;
  }
}
