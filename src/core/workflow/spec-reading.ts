/** The raw team file as the cross-checks read it, schema problems or not: what has the right type is checked, the rest was reported. */
import { workflowTypeOf, type WorkflowSpec, type WorkflowType } from './spec.js';

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

/** Each step's dependencies, without repeats: without `depends_on`, a `chain` step depends on the one before it, others on nothing. */
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
