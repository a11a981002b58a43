/**
 * What the dashboard keeps from one start to the next (ui/keys/remembered.ts),
 * one file per Claude config dir in teamtop's state dir:
 * `<state dir>/remembered/<config dir's name>.json`. A file that is not
 * what teamtop writes (torn, edited, a link to something else, hostile) is
 * ignored, and the dashboard says so once as it starts; it never stops it.
 */
import * as z from 'zod/mini';
import { join } from 'node:path';
import { namespaceName } from '../io/journal/store-dir.js';
import { readStateFile, writeStateFile } from '../io/state-file.js';
import { SORT_ORDERS } from '../ui/keys/view-state.js';
import type { Remembered } from '../ui/keys/remembered.js';
import { VIEW_NAMES } from '../ui/views/names.js';
import { tildify } from '../core/text/fit.js';
import { sanitizeLine } from '../core/text/sanitize.js';

/** It holds a few flags: anything larger was not written by teamtop. */
const MAX_BYTES = 16 * 1024;

const RememberedSchema = z.object({
  version: z.literal(1),
  showIdle: z.boolean(),
  protocolOnly: z.boolean(),
  unreadOnly: z.boolean(),
  showInternal: z.boolean(),
  showCleared: z.boolean(),
  view: z.enum(VIEW_NAMES),
  sort: z.object({ tasks: z.enum(SORT_ORDERS), handshakes: z.enum(SORT_ORDERS) }),
});

export const rememberedPath = (stateDir: string, claudeDir: string): string =>
  join(stateDir, 'remembered', `${namespaceName(claudeDir)}.json`);

/** What was kept, if anything; a notice when a file was there that could not be taken. */
export function loadRemembered(path: string): { readonly remembered?: Remembered; readonly notice?: string } {
  const read = readStateFile(path, MAX_BYTES);
  if (read.kind === 'none') return {};
  const parsed = read.kind === 'read' ? RememberedSchema.safeParse(read.data) : undefined;
  if (parsed?.success) {
    const { showIdle, protocolOnly, unreadOnly, showInternal, showCleared, view, sort } = parsed.data;
    return { remembered: { showIdle, protocolOnly, unreadOnly, showInternal, showCleared, view, sort } };
  }
  const why = read.kind === 'bad' ? read.why : 'not what teamtop writes';
  return { notice: sanitizeLine(`settings not restored (${why}): ${tildify(path)}`) };
}

/** Keep `remembered` for the next start; quietly not, where the state dir cannot be written. */
export function saveRemembered(path: string, remembered: Remembered): void {
  writeStateFile(path, `${JSON.stringify({ version: 1, ...remembered })}\n`);
}
