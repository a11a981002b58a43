/** Types of work.mjs: each member's work, teamtop against the fake API's ledger. */
import type { ChildProcess } from 'node:child_process';

export const LONG_MS: number;
export const SUBAGENTS_COUNTED: boolean;

export interface LedgerResponse {
  readonly seq: number;
  readonly at: number;
  /** `lead`, a teammate's name, or null for a side call. */
  readonly who: string | null;
  readonly id: string;
  readonly usage: { readonly input: number; readonly output: number; readonly cacheRead: number; readonly cacheCreation: number };
  readonly tools: readonly { readonly id: string; readonly name: string }[];
  /** The member whose own subagent this response answered (`who` names the subagent). */
  readonly subagentOf?: string;
}

export interface LedgerError {
  readonly seq: number;
  readonly at: number;
  readonly who: string | null;
  /** The HTTP status answered instead of a response. */
  readonly error: number;
}

export interface Ledger {
  readonly responses: readonly LedgerResponse[];
  readonly errors?: readonly LedgerError[];
  /** Tool use id → when its result came back (monoMs). */
  readonly results: ReadonlyMap<string, number>;
}

export interface FollowEvent {
  readonly event: string;
  readonly member?: string;
  readonly activity?: { readonly state: string; readonly tool: string | null };
  readonly receivedAt: number;
}

export interface ScreenLine {
  readonly pattern: RegExp;
  /** When it first showed (monoMs); undefined: never. */
  readonly at: number | undefined;
}

interface TeamtopMember {
  readonly name: string;
  readonly isLead: boolean;
  readonly usage: Readonly<Record<string, number>> | null;
}

export interface WorkCheck {
  readonly members: number;
  readonly responses: number;
  readonly unwritten: number;
  readonly tokens: number;
  readonly tools: number;
  readonly named: number;
  readonly long: number;
  readonly longNamed: number;
  readonly sideCalls: number;
  readonly subagentResponses: number;
  readonly lines: readonly (ScreenLine & { readonly during: boolean })[];
  readonly failures: readonly string[];
}

export function follow(dir: string): Promise<{ process: ChildProcess; events: FollowEvent[] }>;
export function readLedger(logDir: string): Ledger;
export function writtenResponses(claudeDir: string): Set<string>;
export function checkWork(input: {
  readonly ledger: Ledger;
  readonly written: ReadonlySet<string>;
  readonly teamtop: { readonly teams: readonly { readonly ended: boolean; readonly members: readonly TeamtopMember[] }[] };
  readonly events: readonly FollowEvent[];
  readonly screens?: readonly ScreenLine[];
}): WorkCheck;
