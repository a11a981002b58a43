/**
 * A multi-agent-spec team file (github.com/plexusone/multi-agent-spec, schema/orchestration/team.schema.json). A person writes
 * it, so it is read strictly, as upstream does: an unknown key is most likely a typo (`depends-on`) that would drop a dependency
 * silently. Stricter than upstream, so there is something to draw: at least one agent, a semver `version`, no empty names.
 */
import * as z from 'zod/mini';
// For its side effect: zod's English messages, which the checks below fall back on.
import '../model/schemas.js';

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

/** Warnings travel with problems too: the file is fixed and checked again, and what it would still be warned of is worth knowing now. */
export type SpecResult =
  | { readonly ok: true; readonly spec: WorkflowSpec; readonly warnings: readonly SpecProblem[] }
  | { readonly ok: false; readonly problems: readonly SpecProblem[]; readonly warnings: readonly SpecProblem[] };

/** A hostile file can hold a million bad entries: past this many problems the rest are counted, not listed. */
export const MAX_PROBLEMS = 200;

export function workflowTypeOf(spec: WorkflowSpec): WorkflowType {
  return spec.workflow?.type ?? DEFAULT_WORKFLOW_TYPE;
}

/** Which object an unknown key was found in, by the last key on its path. */
export const OBJECTS: ReadonlyMap<string, { readonly what: string; readonly keys: readonly string[] }> = new Map([
  ['', { what: 'a team', keys: Object.keys(TEAM_SHAPE) }],
  ['workflow', { what: 'a workflow', keys: Object.keys(WORKFLOW_SHAPE) }],
  ['steps', { what: 'a step', keys: Object.keys(STEP_SHAPE) }],
  ['inputs', { what: 'a port', keys: Object.keys(PORT_SHAPE) }],
  ['outputs', { what: 'a port', keys: Object.keys(PORT_SHAPE) }],
  ['collaboration', { what: 'collaboration', keys: Object.keys(COLLABORATION_SHAPE) }],
  ['consensus', { what: 'consensus', keys: Object.keys(CONSENSUS_SHAPE) }],
  ['channels', { what: 'a channel', keys: Object.keys(CHANNEL_SHAPE) }],
]);
