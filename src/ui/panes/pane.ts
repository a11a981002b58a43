// What every pane offers its frame: a list the keys move through, and what ⏎ opens. Keys are typed values, never parsed.
import type { Part } from '../widgets/fitted-line.js';
import type { Theme } from '../widgets/theme.js';

export interface PaneId {
  readonly kind: string;
  readonly member?: string;
}

export const samePane = (a: PaneId, b: PaneId): boolean => a.kind === b.kind && a.member === b.member;

export interface ItemKey {
  readonly kind: string;
  readonly id: string | number;
}

/** Item keys in display order, made as asked for: an inbox can hold 10,000 messages, asked for on every frame. */
export interface Keys {
  readonly length: number;
  at(index: number): ItemKey | undefined;
  indexOf(key: ItemKey): number;
}

/** A list's keys, looked for from the end it rests on, where the selection usually is. */
export function keysOf<T>(items: readonly T[], kind: string, idOf: (item: T) => string | number, from: 'start' | 'end' = 'start'): Keys {
  const matches = (key: ItemKey) => (item: T) => idOf(item) === key.id;
  return {
    length: items.length,
    at: (index) => (index >= 0 && index < items.length ? { kind, id: idOf(items[index]!) } : undefined),
    indexOf: (key) => (key.kind !== kind ? -1 : from === 'end' ? items.findLastIndex(matches(key)) : items.findIndex(matches(key))),
  };
}

export interface ListWindow {
  readonly start: number;
  readonly end: number;
  /** Index of the selected item, -1 when none. */
  readonly selected: number;
}

/** The slice of a list that fits `rows`, keeping the selected item on screen. */
export function listWindow(total: number, rows: number, selected: number): ListWindow {
  if (rows <= 0 || total === 0) return { start: 0, end: 0, selected };
  const start = Math.max(0, Math.min(selected - rows + 1, total - rows));
  return { start, end: Math.min(total, start + rows), selected };
}

/** How a detail's facts are drawn: the theme's colours, each member's, and the time they are told as of. */
export interface Look {
  readonly paint: Theme['paint'];
  readonly colors: ReadonlyMap<string, string | null>;
  readonly now: number;
}

/** What ⏎ opened, full screen: two lines of facts, then a body to scroll. */
export interface Detail {
  facts(look: Look): readonly [readonly Part[], readonly Part[]];
  /** The body as display lines of at most `width` columns, sanitised. */
  lines(width: number): readonly string[];
  /** An instant whose age the facts tell: the frame is drawn again when that age changes. */
  readonly since?: number;
}

/** A pane as the keys see it: its items, where it rests, how far a page goes, what opens. */
export interface PaneList {
  readonly id: PaneId;
  readonly items: Keys;
  /** Which end it rests on: an inbox follows the newest message, a list starts at the top. */
  readonly anchor: 'start' | 'end';
  readonly page: number;
  /** Whether an item opens (each does, when absent). */
  readonly opens?: (key: ItemKey) => boolean;
  /** What ⏎ on an item shows; null when it is not there any more. */
  open(key: ItemKey): Detail | null;
}
