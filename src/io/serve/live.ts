/** The live pages: a team is drawn once per change however many pages show it, each changed part sent to all as one event. */
import type { Thresholds } from '../../core/model/settings.js';
import { selectMostRecentTeam } from '../../core/select/teams.js';
import type { TeamState } from '../../core/facts/index.js';
import type { Store } from '../../core/store.js';
import { pageSections, SECTION_IDS, type SectionId, type Sections } from './sections.js';
import type { Stream } from './stream.js';
import type { AppState } from '../../core/app-state.js';

/** A burst of writes is one update, and the page still changes within a second. */
export const DRAW_EVERY_MS = 200;
/** While a page is open: what is diagnosed against the clock (a stall, the swimlane's end) changes with no file changing. */
export const TICK_MS = 5000;

export interface LiveOptions {
  readonly thresholds: Thresholds;
  readonly store: Store;
  readonly showInputs: boolean;
  readonly now: () => number;
}

/** The pages that show one team (or, `team` undefined, whichever is the most recently active). */
interface Feed {
  readonly team: string | undefined;
  readonly streams: Set<Stream>;
  last: Sections | undefined;
}

/** The team a page shows: the one asked for, else the most recently active one. */
export function teamShown(state: AppState, team: string | undefined): TeamState | undefined {
  const name = team ?? selectMostRecentTeam(state);
  return name === undefined ? undefined : state.teams.get(name);
}

export class LivePages {
  private readonly feeds = new Map<string, Feed>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastDrawn = Number.NEGATIVE_INFINITY;
  private readonly unsubscribe: () => void;
  private readonly ticker: ReturnType<typeof setInterval>;

  constructor(private readonly options: LiveOptions) {
    this.unsubscribe = options.store.subscribe(() => this.schedule());
    this.ticker = setInterval(() => this.draw(), TICK_MS);
    this.ticker.unref();
  }

  /** The page's parts for `team` as of now. */
  sections(team: string | undefined): { readonly sections: Sections; readonly now: number } {
    const now = this.options.now();
    const state = this.options.store.getState();
    return { sections: pageSections(state, teamShown(state, team), { ...this.options, now }), now };
  }

  /** A page opened its stream: it is sent every part now, then each change. */
  add(team: string | undefined, stream: Stream): void {
    const key = team === undefined ? '' : `=${team}`;
    let feed = this.feeds.get(key);
    if (!feed) {
      feed = { team, streams: new Set(), last: undefined };
      this.feeds.set(key, feed);
    }
    feed.streams.add(stream);
    const { sections, now } = this.sections(team);
    feed.last ??= sections;
    stream.send(frame(now, sections));
  }

  remove(team: string | undefined, stream: Stream): void {
    const key = team === undefined ? '' : `=${team}`;
    const feed = this.feeds.get(key);
    if (!feed) return;
    feed.streams.delete(stream);
    if (feed.streams.size === 0) this.feeds.delete(key);
  }

  close(): void {
    this.unsubscribe();
    clearInterval(this.ticker);
    clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.timer !== undefined || this.feeds.size === 0) return;
    const wait = Math.max(0, this.lastDrawn + DRAW_EVERY_MS - performance.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.draw();
    }, wait);
  }

  private draw(): void {
    if (this.feeds.size === 0) return;
    this.lastDrawn = performance.now();
    for (const feed of this.feeds.values()) {
      const { sections, now } = this.sections(feed.team);
      const changed: Partial<Record<SectionId, string>> = {};
      let any = false;
      for (const id of SECTION_IDS) {
        if (feed.last?.[id] === sections[id]) continue;
        changed[id] = sections[id];
        any = true;
      }
      feed.last = sections;
      if (!any) continue;
      const bytes = Buffer.from(frame(now, changed));
      for (const stream of feed.streams) stream.send(bytes);
    }
  }
}

/** One update: the server's clock, and the parts to put in place. */
const frame = (now: number, sections: Partial<Sections>): string =>
  `event: sections\ndata: ${JSON.stringify({ now: Math.round(now), sections })}\n\n`;
