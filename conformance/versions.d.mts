import type { Recording } from '../harness/recording.mjs';
import type { Schema } from './schema.mjs';

export const SUPPORTED: string;
export function verifiedSchema(version: string): (Schema & { readonly version: string }) | undefined;
export function mergeSchemas(a: Schema, b: Schema): Schema;
export function reviewSchema(options: {
  readonly version: string;
  readonly recordings: readonly Recording[];
  readonly save: boolean;
}): string;
