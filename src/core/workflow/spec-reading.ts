/**
 * A team file as read before, or whether or not, it passed the schema: the
 * cross-checks report every problem at once, so they read whatever has the
 * right type, and what does not was reported already.
 */
import { workflowTypeOf, type WorkflowSpec, type WorkflowType } from './spec.js';

/**
 * The cross-reference checks run even when the schema found problems (every
 * problem is reported at once), so they read the raw JSON: whatever has the
 * right type is checked, and whatever does not was already reported.
 */
export const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const field = (value: unknown, key: string): unknown => (isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined);

const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export interface Indexed {
  readonly value: string;
  readonly index: number;
}

/** The strings of an array, where they stand. */
export function stringsOf(value: unknown): Indexed[] {
  if (!Array.isArray(value)) return [];
  const strings: Indexed[] = [];
  value.forEach((item: unknown, index) => {
    if (typeof item === 'string') strings.push({ value: item, index });
  });
  return strings;
}

export interface StepView {
  readonly index: number;
  readonly name: string | undefined;
  readonly agent: string | undefined;
  /** `undefined` when the step does not say (its dependencies are implied). */
  readonly dependsOn: readonly Indexed[] | undefined;
}

export function stepsOf(workflow: unknown): StepView[] {
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
export function impliedDependencies(type: WorkflowType, steps: readonly StepView[]): string[][] {
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
