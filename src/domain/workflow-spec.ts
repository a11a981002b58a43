/**
 * A declared workflow: a multi-agent-spec team file
 * (github.com/plexusone/multi-agent-spec, schema/orchestration/team.schema.json).
 *
 * Unlike the files Claude Code writes, this one is written by a person, so it is
 * read strictly, as the upstream schema does (`additionalProperties: false`
 * everywhere): an unknown key is most likely a typo (`depends-on`), and a
 * checker that let it pass would let a dependency silently vanish. Every
 * problem is reported at once, each at a JSON path (`$.workflow.steps[2].agent`),
 * so a file can be fixed in one go.
 *
 * Two rules are stricter than upstream, as teamtop needs them to draw anything
 * sensible: `agents` names at least one agent, and `version` is a semantic
 * version (`x.y.z`, pre-release and build suffixes allowed). Names (of the team,
 * agents and steps) must not be empty.
 *
 * Dependencies a step does not spell out (`effectiveDependencies`):
 * - `chain`: a step without `depends_on` depends on the step before it, so a
 *   plain list of steps runs in order. `depends_on` (even `[]`) overrides it.
 * - `scatter`, `graph` and the self-directed types: a step without `depends_on`
 *   depends on nothing; in a scatter that is the fan-out.
 */
import * as z from 'zod/mini';
// For its side effect: schemas.ts configures zod's English messages, which the
// checks below fall back on.
import './schemas.js';

export const WORKFLOW_TYPES = ['chain', 'scatter', 'graph', 'crew', 'swarm', 'council'] as const;
export type WorkflowType = (typeof WORKFLOW_TYPES)[number];
const PORT_TYPES = ['string', 'number', 'boolean', 'object', 'array', 'file'] as const;
const CHANNEL_TYPES = ['direct', 'broadcast', 'pub-sub'] as const;

export const DEFAULT_WORKFLOW_TYPE: WorkflowType = 'graph';
export const DEFAULT_REQUIRED_AGREEMENT = 0.5;
export const DEFAULT_MAX_ROUNDS = 3;
/** `consensus.tie_breaker` naming the lead rather than an agent. */
export const LEAD_TIE_BREAKER = 'lead';
/** A channel participant meaning every agent. */
export const ALL_PARTICIPANTS = '*';

/** Semantic versioning 2.0.0: `x.y.z`, no leading zeros, optional `-pre` and `+build`. */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-((0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(\.(0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(\+[0-9a-zA-Z-]+(\.[0-9a-zA-Z-]+)*)?$/u;

const nameSchema = z.string().check(z.minLength(1, 'must not be empty'));

const PORT_SHAPE = {
  name: z.string(),
  type: z.optional(z.enum(PORT_TYPES)),
  description: z.optional(z.string()),
  required: z.optional(z.boolean()),
  /** `<step>.<output>`: where an input comes from. */
  from: z.optional(z.string()),
  schema: z.optional(z.unknown()),
  default: z.optional(z.unknown()),
};
const PortSchema = z.strictObject(PORT_SHAPE);

const STEP_SHAPE = {
  name: nameSchema,
  agent: nameSchema,
  depends_on: z.optional(z.array(z.string())),
  inputs: z.optional(z.array(PortSchema)),
  outputs: z.optional(z.array(PortSchema)),
};
const StepSchema = z.strictObject(STEP_SHAPE);
export type SpecStep = z.infer<typeof StepSchema>;

const WORKFLOW_SHAPE = {
  type: z._default(z.enum(WORKFLOW_TYPES), DEFAULT_WORKFLOW_TYPE),
  steps: z.optional(z.array(StepSchema)),
};

const CONSENSUS_SHAPE = {
  required_agreement: z._default(
    z.number().check(z.gte(0, 'must be between 0 and 1'), z.lte(1, 'must be between 0 and 1')),
    DEFAULT_REQUIRED_AGREEMENT,
  ),
  max_rounds: z._default(z.int().check(z.gte(1, 'must be at least 1')), DEFAULT_MAX_ROUNDS),
  tie_breaker: z.optional(z.string()),
};

const CHANNEL_SHAPE = {
  name: z.string(),
  type: z.enum(CHANNEL_TYPES),
  participants: z.optional(z.array(z.string())),
};

const COLLABORATION_SHAPE = {
  lead: z.optional(z.string()),
  specialists: z.optional(z.array(z.string())),
  task_queue: z.optional(z.boolean()),
  consensus: z.optional(z.strictObject(CONSENSUS_SHAPE)),
  channels: z.optional(z.array(z.strictObject(CHANNEL_SHAPE))),
};

const TEAM_SHAPE = {
  // Not in the upstream schema, but editors want it to find the schema.
  $schema: z.optional(z.string()),
  name: nameSchema,
  version: z.string().check(z.regex(SEMVER, 'must be a version x.y.z, like 1.0.0')),
  description: z.optional(z.string()),
  agents: z.array(nameSchema).check(z.minLength(1, 'must name at least one agent')),
  orchestrator: z.optional(z.string()),
  context: z.optional(z.string()),
  self_claim: z.optional(z.boolean()),
  plan_approval: z.optional(z.boolean()),
  workflow: z.optional(z.strictObject(WORKFLOW_SHAPE)),
  collaboration: z.optional(z.strictObject(COLLABORATION_SHAPE)),
};

export const WorkflowSpecSchema = z.strictObject(TEAM_SHAPE);
export type WorkflowSpec = z.infer<typeof WorkflowSpecSchema>;

export interface SpecProblem {
  /** A JSON path: `$` is the whole file, `$.workflow.steps[2].depends_on[0]` one entry. */
  readonly path: string;
  readonly message: string;
}

/**
 * Warnings travel with problems too: a file with problems is fixed and checked
 * again, and what it would still be warned about is worth knowing at once.
 */
export type SpecResult =
  | { readonly ok: true; readonly spec: WorkflowSpec; readonly warnings: readonly SpecProblem[] }
  | { readonly ok: false; readonly problems: readonly SpecProblem[]; readonly warnings: readonly SpecProblem[] };

/**
 * A hostile file can hold a million bad entries: past this many problems the
 * rest are counted, not listed (no one reads the thousandth).
 */
export const MAX_PROBLEMS = 200;

/** The longest value or key quoted back in a message. */
const QUOTED_LENGTH = 60;

export function workflowTypeOf(spec: WorkflowSpec): WorkflowType {
  return spec.workflow?.type ?? DEFAULT_WORKFLOW_TYPE;
}

// ------------------------------------------------------------------ paths

type Segment = string | number;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/u;

function clip(text: string, length = QUOTED_LENGTH): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** `$.workflow.steps[2]["depends-on"]`: dots for plain keys, brackets for indexes and other keys. */
export function formatPath(segments: readonly Segment[]): string {
  let path = '$';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) path += `.${clip(segment)}`;
    else path += `[${JSON.stringify(clip(segment))}]`;
  }
  return path;
}

/** A value quoted back to the user, short. */
function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(clip(value));
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return kindOf(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number' && !Number.isFinite(value)) return 'a number too big to hold';
  return `a ${typeof value}`;
}

// ------------------------------------------------------- "did you mean"

/** camelCase, kebab-case and spaces all as snake_case, lower case. */
function normalise(word: string): string {
  return word
    .replace(/([a-z0-9])([A-Z])/gu, '$1_$2')
    .toLowerCase()
    .replace(/[-\s.]+/gu, '_');
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Bounds on the work a suggestion may cost: a hostile file names many long things. */
const SUGGEST_MAX_LENGTH = 40;
const SUGGEST_MAX_CANDIDATES = 200;

/** The candidate a typo most likely meant, if one is close enough. */
function closest(word: string, candidates: Iterable<string>): string | undefined {
  if (word.length > SUGGEST_MAX_LENGTH) return undefined;
  const wanted = normalise(word);
  const allowed = wanted.length >= 6 ? 2 : wanted.length >= 3 ? 1 : 0;
  let best: string | undefined;
  let bestDistance = allowed + 1;
  let seen = 0;
  for (const candidate of candidates) {
    if (++seen > SUGGEST_MAX_CANDIDATES) break;
    if (candidate === word || candidate.length > SUGGEST_MAX_LENGTH) continue;
    const distance = editDistance(wanted, normalise(candidate));
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

const suggestion = (word: string, candidates: Iterable<string>): string => {
  const near = closest(word, candidates);
  return near === undefined ? '' : ` (did you mean ${JSON.stringify(near)}?)`;
};

// ------------------------------------------------------- schema problems

/** Which object an unknown key was found in, by the last key on its path. */
const OBJECTS: ReadonlyMap<string, { readonly what: string; readonly keys: readonly string[] }> = new Map([
  ['', { what: 'a team', keys: Object.keys(TEAM_SHAPE) }],
  ['workflow', { what: 'a workflow', keys: Object.keys(WORKFLOW_SHAPE) }],
  ['steps', { what: 'a step', keys: Object.keys(STEP_SHAPE) }],
  ['inputs', { what: 'a port', keys: Object.keys(PORT_SHAPE) }],
  ['outputs', { what: 'a port', keys: Object.keys(PORT_SHAPE) }],
  ['collaboration', { what: 'collaboration', keys: Object.keys(COLLABORATION_SHAPE) }],
  ['consensus', { what: 'consensus', keys: Object.keys(CONSENSUS_SHAPE) }],
  ['channels', { what: 'a channel', keys: Object.keys(CHANNEL_SHAPE) }],
]);

function unknownKey(key: string, where: readonly PropertyKey[]): string {
  const last = [...where].reverse().find((segment): segment is string => typeof segment === 'string') ?? '';
  const object = OBJECTS.get(last);
  if (!object) return 'unknown key';
  const near = closest(key, object.keys);
  if (near !== undefined) return `unknown key (did you mean ${JSON.stringify(near)}?)`;
  return `unknown key: ${object.what} has ${object.keys.join(', ')}`;
}

const EXPECTED: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
};

function segmentsOf(path: readonly PropertyKey[]): Segment[] {
  return path.map((segment) => (typeof segment === 'number' ? segment : String(segment)));
}

/** Unknown keys listed one by one, per object; the rest are counted. */
const UNKNOWN_KEYS_LISTED = 50;

function schemaProblems(issues: readonly z.core.$ZodIssue[]): SpecProblem[] {
  return issues.flatMap((issue): SpecProblem[] => {
    const path = segmentsOf(issue.path);
    switch (issue.code) {
      case 'unrecognized_keys': {
        // Keys are not list entries (MAX_ENTRIES): an object can hold a million, so only the first are looked at.
        const listed = issue.keys
          .slice(0, UNKNOWN_KEYS_LISTED)
          .map((key) => ({ path: formatPath([...path, key]), message: unknownKey(key, issue.path) }));
        const more = issue.keys.length - listed.length;
        return more > 0 ? [...listed, { path: formatPath(path), message: `and ${more} more unknown keys` }] : listed;
      }
      case 'invalid_type': {
        if (!('input' in issue) || issue.input === undefined) return [{ path: formatPath(path), message: 'required, but missing' }];
        const expected = EXPECTED[issue.expected] ?? issue.expected;
        return [{ path: formatPath(path), message: `expected ${expected}, found ${show(issue.input)}` }];
      }
      case 'invalid_value': {
        const allowed = issue.values.map((value) => JSON.stringify(value)).join(', ');
        return [{ path: formatPath(path), message: `must be one of ${allowed} (found ${show(issue.input)})` }];
      }
      default: {
        // Our own messages (the checks above name them), and the value when it says more than they do.
        const { input } = issue;
        const telling = typeof input === 'number' || (typeof input === 'string' && input !== '');
        return [{ path: formatPath(path), message: telling ? `${issue.message} (found ${show(input)})` : issue.message }];
      }
    }
  });
}

// ------------------------------------------------ reading what parsed

/**
 * The cross-reference checks run even when the schema found problems (every
 * problem is reported at once), so they read the raw JSON: whatever has the
 * right type is checked, and whatever does not was already reported.
 */
const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const field = (value: unknown, key: string): unknown => (isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined);

const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

interface Indexed {
  readonly value: string;
  readonly index: number;
}

/** The strings of an array, where they stand. */
function stringsOf(value: unknown): Indexed[] {
  if (!Array.isArray(value)) return [];
  const strings: Indexed[] = [];
  value.forEach((item: unknown, index) => {
    if (typeof item === 'string') strings.push({ value: item, index });
  });
  return strings;
}

interface StepView {
  readonly index: number;
  readonly name: string | undefined;
  readonly agent: string | undefined;
  /** `undefined` when the step does not say (its dependencies are implied). */
  readonly dependsOn: readonly Indexed[] | undefined;
}

function stepsOf(workflow: unknown): StepView[] {
  const steps = field(workflow, 'steps');
  if (!Array.isArray(steps)) return [];
  return steps.map((step: unknown, index) => {
    const dependsOn = field(step, 'depends_on');
    return {
      index,
      name: textOf(field(step, 'name')),
      agent: textOf(field(step, 'agent')),
      dependsOn: dependsOn === undefined ? undefined : stringsOf(dependsOn),
    };
  });
}

/**
 * Each step's dependencies, the implied ones included (see the top of this
 * file), without repeats, in the order given.
 */
function impliedDependencies(type: WorkflowType, steps: readonly StepView[]): string[][] {
  return steps.map((step, position) => {
    if (step.dependsOn !== undefined) return [...new Set(step.dependsOn.map((dependency) => dependency.value))];
    const before = steps[position - 1]?.name;
    return type === 'chain' && before !== undefined ? [before] : [];
  });
}

/** Step name → its dependencies, for a spec that parsed; every step, in declared order. */
export function effectiveDependencies(spec: WorkflowSpec): ReadonlyMap<string, readonly string[]> {
  const steps: StepView[] = (spec.workflow?.steps ?? []).map((step, index) => ({
    index,
    name: step.name,
    agent: step.agent,
    dependsOn: step.depends_on?.map((value, at) => ({ value, index: at })),
  }));
  const dependencies = impliedDependencies(workflowTypeOf(spec), steps);
  const result = new Map<string, readonly string[]>();
  steps.forEach((step, position) => {
    if (!result.has(step.name!)) result.set(step.name!, dependencies[position]!);
  });
  return result;
}

// ----------------------------------------------------------------- cycles

/** Strongly connected components (iterative Tarjan) of nodes 0..n-1. */
function stronglyConnected(count: number, next: readonly (readonly number[])[]): number[][] {
  const index = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const onStack = new Uint8Array(count);
  const stack: number[] = [];
  const result: number[][] = [];
  let counter = 0;
  for (let root = 0; root < count; root++) {
    if (index[root] !== -1) continue;
    const work: Array<{ node: number; edge: number }> = [{ node: root, edge: 0 }];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = next[frame.node]!;
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++]!;
        if (index[target] === -1) {
          index[target] = low[target] = counter++;
          stack.push(target);
          onStack[target] = 1;
          work.push({ node: target, edge: 0 });
        } else if (onStack[target]) {
          low[frame.node] = Math.min(low[frame.node]!, index[target]!);
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low[parent.node] = Math.min(low[parent.node]!, low[frame.node]!);
      if (low[frame.node] === index[frame.node]) {
        const component: number[] = [];
        let member: number;
        do {
          member = stack.pop()!;
          onStack[member] = 0;
          component.push(member);
        } while (member !== frame.node);
        result.push(component);
      }
    }
  }
  return result;
}

/**
 * The shortest cycle through `start` inside one component, in the order the
 * steps would run (each waits for the one before it), `start` first.
 */
function cycleThrough(start: number, members: ReadonlySet<number>, dependents: readonly (readonly number[])[]): number[] {
  const cameFrom = new Map<number, number>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const node = queue[at]!;
    for (const next of dependents[node]!) {
      if (!members.has(next)) continue;
      if (next === start) {
        const cycle = [node];
        while (cycle[0] !== start) cycle.unshift(cameFrom.get(cycle[0]!)!);
        return cycle;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** Past this many steps a cycle is shown by its ends: the whole of a long one helps no one. */
const CYCLE_SHOWN = 10;

/** `a → b → a`, in the order the steps would run. */
function describeCycle(names: readonly string[]): string {
  const shown =
    names.length > CYCLE_SHOWN ? [...names.slice(0, CYCLE_SHOWN - 1), `… (${names.length} steps)`, names[names.length - 1]!] : names;
  return [...shown, names[0]!].map((name) => clip(name)).join(' → ');
}

// ------------------------------------------------------- the cross-checks

class Report {
  readonly problems: SpecProblem[] = [];
  readonly warnings: SpecProblem[] = [];
  problem(path: readonly Segment[], message: string): void {
    this.problems.push({ path: formatPath(path), message });
  }
  warn(path: readonly Segment[], message: string): void {
    this.warnings.push({ path: formatPath(path), message });
  }
}

function checkReferences(root: Readonly<Record<string, unknown>>, report: Report): void {
  const agentsValue = field(root, 'agents');
  const agents = new Map<string, number>();
  for (const { value, index } of stringsOf(agentsValue)) {
    const first = agents.get(value);
    if (first === undefined) agents.set(value, index);
    else report.problem(['agents', index], `duplicate agent ${show(value)} (also agents[${first}])`);
  }
  // Without a list of agents (already a problem), every name would look unknown.
  const knowsAgents = Array.isArray(agentsValue);
  const checkAgent = (path: readonly Segment[], value: unknown, alsoAllowed?: string): void => {
    if (!knowsAgents || typeof value !== 'string' || value === alsoAllowed || agents.has(value)) return;
    report.problem(path, `agent ${show(value)} is not in agents${suggestion(value, agents.keys())}`);
  };

  checkAgent(['orchestrator'], field(root, 'orchestrator'));

  const collaboration = field(root, 'collaboration');
  checkAgent(['collaboration', 'lead'], field(collaboration, 'lead'));
  for (const { value, index } of stringsOf(field(collaboration, 'specialists'))) checkAgent(['collaboration', 'specialists', index], value);
  const consensus = field(collaboration, 'consensus');
  checkAgent(['collaboration', 'consensus', 'tie_breaker'], field(consensus, 'tie_breaker'), LEAD_TIE_BREAKER);
  const channels = field(collaboration, 'channels');
  if (Array.isArray(channels)) {
    channels.forEach((channel: unknown, at) => {
      for (const { value, index } of stringsOf(field(channel, 'participants'))) {
        checkAgent(['collaboration', 'channels', at, 'participants', index], value, ALL_PARTICIPANTS);
      }
    });
  }

  const workflow = field(root, 'workflow');
  const typeValue = field(workflow, 'type');
  const type = (WORKFLOW_TYPES as readonly unknown[]).includes(typeValue) ? (typeValue as WorkflowType) : DEFAULT_WORKFLOW_TYPE;
  const steps = stepsOf(workflow);
  for (const step of steps) checkAgent(['workflow', 'steps', step.index, 'agent'], step.agent);
  checkSteps(steps, type, report);
  checkType(root, type, steps.length, report);
}

function checkSteps(steps: readonly StepView[], type: WorkflowType, report: Report): void {
  // The first step of a name is the step; a later one is a duplicate.
  const byName = new Map<string, number>();
  for (const step of steps) {
    if (step.name === undefined) continue;
    const first = byName.get(step.name);
    if (first === undefined) byName.set(step.name, step.index);
    else report.problem(['workflow', 'steps', step.index, 'name'], `duplicate step name ${show(step.name)} (also steps[${first}])`);
  }

  for (const step of steps) {
    const seen = new Map<string, number>();
    for (const { value, index } of step.dependsOn ?? []) {
      const path = ['workflow', 'steps', step.index, 'depends_on', index];
      if (value === step.name) report.problem(path, `step ${show(value)} depends on itself`);
      else if (!byName.has(value)) report.problem(path, `no step named ${show(value)}${suggestion(value, byName.keys())}`);
      const before = seen.get(value);
      if (before !== undefined) report.warn(path, `${show(value)} is listed twice (also depends_on[${before}])`);
      else seen.set(value, index);
    }
  }

  // Cycles among the steps that are not duplicates, through dependencies that exist.
  const dependencies = impliedDependencies(type, steps);
  const nodes = steps.filter((step) => step.name !== undefined && byName.get(step.name) === step.index);
  const nodeOf = new Map(nodes.map((step, node) => [step.name!, node]));
  const dependents: number[][] = nodes.map(() => []);
  nodes.forEach((step, node) => {
    for (const dependency of dependencies[step.index]!) {
      const from = nodeOf.get(dependency);
      if (from !== undefined && from !== node) dependents[from]!.push(node);
    }
  });
  const cycles = stronglyConnected(nodes.length, dependents)
    .filter((component) => component.length > 1)
    .map((component) =>
      cycleThrough(
        component.reduce((a, b) => Math.min(a, b)),
        new Set(component),
        dependents,
      ),
    )
    .sort((a, b) => a[0]! - b[0]!);
  for (const cycle of cycles) {
    const first = nodes[cycle[0]!]!;
    const last = nodes[cycle[cycle.length - 1]!]!;
    // The first step declared in a cycle names the last: that entry closes it (an implied dependency never points forward).
    const closing = first.dependsOn?.find((dependency) => dependency.value === last.name);
    const path = closing ? ['workflow', 'steps', first.index, 'depends_on', closing.index] : ['workflow', 'steps', first.index];
    report.problem(path, `dependency cycle: ${describeCycle(cycle.map((node) => nodes[node]!.name!))}`);
  }
}

function checkType(root: Readonly<Record<string, unknown>>, type: WorkflowType, stepCount: number, report: Report): void {
  const workflow = field(root, 'workflow');
  const collaboration = field(root, 'collaboration');
  switch (type) {
    case 'crew':
      if (field(collaboration, 'lead') === undefined)
        report.problem(['collaboration', 'lead'], 'a crew workflow needs a lead (collaboration.lead)');
      break;
    case 'council':
      if (field(collaboration, 'consensus') === undefined) {
        report.warn(
          ['collaboration', 'consensus'],
          `a council workflow without consensus rules: required_agreement ${DEFAULT_REQUIRED_AGREEMENT} and max_rounds ${DEFAULT_MAX_ROUNDS} by default`,
        );
      }
      break;
    case 'swarm':
      if (field(collaboration, 'task_queue') !== true) {
        report.warn(['collaboration', 'task_queue'], 'a swarm workflow without task_queue: true has no shared queue to claim tasks from');
      }
      break;
    default: {
      // Steps that are not an array were reported already.
      const steps = field(workflow, 'steps');
      if (stepCount === 0 && (steps === undefined || Array.isArray(steps))) {
        report.warn(workflow === undefined ? ['workflow'] : ['workflow', 'steps'], `a ${type} workflow with no steps: nothing to run`);
      }
    }
  }
}

// -------------------------------------------------------------------- entry

function capped(problems: readonly SpecProblem[]): SpecProblem[] {
  if (problems.length <= MAX_PROBLEMS) return [...problems];
  const more = problems.length - (MAX_PROBLEMS - 1);
  return [...problems.slice(0, MAX_PROBLEMS - 1), { path: '$', message: `and ${more} more problems` }];
}

/**
 * The most entries the lists of a team file may hold together. zod gathers a
 * property's issues with `push(...issues)`, which overflows the stack past
 * about a hundred thousand of them; a real team file has dozens of entries.
 */
export const MAX_ENTRIES = 5000;

/** Entries in the lists a team file has (agents, steps, dependencies, ports, channels…). */
function entriesOf(root: unknown): number {
  const length = (value: unknown): number => (Array.isArray(value) ? value.length : 0);
  const collaboration = field(root, 'collaboration');
  let count = length(field(root, 'agents')) + length(field(collaboration, 'specialists'));
  const channels = field(collaboration, 'channels');
  if (Array.isArray(channels)) for (const channel of channels as unknown[]) count += 1 + length(field(channel, 'participants'));
  const steps = field(field(root, 'workflow'), 'steps');
  if (Array.isArray(steps)) {
    for (const step of steps as unknown[])
      count += 1 + length(field(step, 'depends_on')) + length(field(step, 'inputs')) + length(field(step, 'outputs'));
  }
  return count;
}

const failure = (message: string): SpecResult => ({ ok: false, problems: [{ path: '$', message }], warnings: [] });

/** Any JSON value: a spec, or every problem with it. */
export function checkSpec(value: unknown): SpecResult {
  const entries = entriesOf(value);
  if (entries > MAX_ENTRIES) return failure(`too big to check: ${entries} list entries (the most a team file may hold is ${MAX_ENTRIES})`);
  let parsed: ReturnType<typeof WorkflowSpecSchema.safeParse>;
  try {
    parsed = WorkflowSpecSchema.safeParse(value, { reportInput: true });
  } catch (error) {
    // Not seen within the bound above; a result all the same if it ever is.
    return failure(`too big to check (${(error as Error).message})`);
  }
  const report = new Report();
  if (!parsed.success) for (const problem of schemaProblems(parsed.error.issues)) report.problems.push(problem);
  if (isRecord(value)) checkReferences(value, report);
  const warnings = capped(report.warnings);
  if (parsed.success && report.problems.length === 0) return { ok: true, spec: parsed.data, warnings };
  return { ok: false, problems: capped(report.problems), warnings };
}

/** Where a parser's `at position N` is, as a line and a column (1-based). */
function locate(text: string, message: string): { where: string; message: string } {
  const match = /\s*(?:in JSON )?at position (\d+)(?: \(line \d+ column \d+\))?/u.exec(message);
  if (!match) return { where: '', message };
  const position = Number(match[1]);
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return { where: ` at line ${line}, column ${column}`, message: message.replace(match[0], '') };
}

/** A team file's text: a spec, or every problem with it. */
export function parseSpec(text: string): SpecResult {
  // An editor's byte-order mark is not a reason to reject a file.
  const json = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const { where, message } = locate(json, (error as Error).message);
    return failure(`not valid JSON${where}: ${clip(message, 200)}`);
  }
  return checkSpec(value);
}
