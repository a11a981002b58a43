/** zod's issues with a team file in the words of a person fixing it: a JSON path each, an unknown key with the key most likely meant. */
import type * as z from 'zod/mini';
import { OBJECTS, type SpecProblem } from './spec.js';
import { closest, formatPath, show, type Segment } from './spec-wording.js';

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

export function schemaProblems(issues: readonly z.core.$ZodIssue[]): SpecProblem[] {
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
        const expected = Object.hasOwn(EXPECTED, issue.expected) ? EXPECTED[issue.expected]! : issue.expected;
        return [{ path: formatPath(path), message: `expected ${expected}, found ${show(issue.input)}` }];
      }
      case 'invalid_value': {
        const allowed = issue.values.map((value) => JSON.stringify(value)).join(', ');
        // A discriminator that is not there at all is missing, not found as `undefined`.
        if (issue.input === undefined) return [{ path: formatPath(path), message: `required, but missing: one of ${allowed}` }];
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
