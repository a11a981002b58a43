import type { Recording } from '../harness/recording.mjs';

/** The keys of each kind of file, the protocol message types with their keys, and the lifecycle's file operations. */
export interface Schema {
  readonly files: Readonly<Record<string, readonly string[]>>;
  readonly messageTypes: Readonly<Record<string, readonly string[]>>;
  readonly lifecycle: readonly string[];
}

export interface SchemaDiff {
  readonly added: readonly string[];
  readonly missing: readonly string[];
}

export function pathShape(path: string): string;
export function schemaOf(recordings: readonly Recording[]): Schema;
export function diffSchemas(verified: Schema, seen: Schema): SchemaDiff;
export function describeDiff(diff: SchemaDiff, versions: { readonly verifiedVersion: string; readonly version: string }): string;
