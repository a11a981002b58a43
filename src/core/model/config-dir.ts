/**
 * What a config dir with no team holds (looked at by `src/io/watch/config-dir-look.ts`), in the words the empty
 * screen, `doctor` and `report` say it: a folder one level too deep is not a dir with no teams yet.
 */
import { formatAge } from './time.js';
import { plural } from '../text/words.js';

/** Where a folder given as the config dir sits in the config dir it is probably part of. */
export type Misplaced =
  /** `<config>/teams` or `<config>/tasks`. */
  | 'teams'
  | 'tasks'
  /** `<config>/teams/<team>`. */
  | 'team'
  /** A folder holding `.claude` (a home, a project): the config dir is inside it. */
  | 'home';

export interface ConfigDirLook {
  /** The config dir probably meant, when the one given is inside it or holds it; null when it is not misplaced. */
  readonly meant: string | null;
  readonly misplaced: Misplaced | null;
  /** `teams/` is there (and holds no team: teams are removed when they end). */
  readonly teamsFolder: boolean;
  /** Session transcripts under `projects/`. */
  readonly transcripts: number;
  /** When the newest of them was last written (NaN: none). */
  readonly newestTranscript: number;
}

/** What a folder at the wrong level is, in a sentence about `dir`. */
const WHAT: Readonly<Record<Misplaced, string>> = {
  teams: 'is the teams/ folder of a config dir',
  tasks: 'is the tasks/ folder of a config dir',
  team: "is one team's folder in a config dir",
  home: 'holds a config dir',
};

/** Where the folder probably meant is, from the one given. */
const WHERE: Readonly<Record<Misplaced, string>> = {
  teams: 'the folder above',
  tasks: 'the folder above',
  team: 'the folder two above',
  home: 'its .claude folder',
};

/** `<subject> is the teams/ folder of a config dir: did you mean --dir /x/.claude (the folder above)?`; undefined when it is not misplaced. */
export function misplacedNote(subject: string, look: ConfigDirLook): string | undefined {
  if (look.meant === null || look.misplaced === null) return undefined;
  return `${subject} ${WHAT[look.misplaced]}: did you mean --dir ${look.meant} (${WHERE[look.misplaced]})?`;
}

/** `projects/ holds 12 sessions' transcripts, the newest written 288d ago`, as of `now`; undefined when it holds none. */
export function transcriptsNote(look: ConfigDirLook, now: number): string | undefined {
  if (look.transcripts === 0) return undefined;
  const age = Number.isFinite(look.newestTranscript)
    ? `, the newest written ${formatAge(Math.max(0, now - look.newestTranscript), 1)} ago`
    : '';
  return `projects/ holds ${plural(look.transcripts, "session's transcript", "sessions' transcripts")}${age}`;
}

/** The empty screen's title: what there is, rather than "yet" of a folder that has had teams. */
export function emptyTitle(look: ConfigDirLook | undefined): string {
  if (!look) return 'No agent teams yet';
  if (look.misplaced !== null) return `Not a config dir: did you mean ${WHERE[look.misplaced]}?`;
  if (look.teamsFolder) return 'No agent teams now';
  if (look.transcripts > 0) return 'No agent teams here';
  return 'No agent teams yet';
}

/** What the empty screen says of the folder, after its title; undefined: nothing beyond where teamtop watches. */
export function emptyNote(dir: string, look: ConfigDirLook | undefined, now: number): string | undefined {
  if (!look) return undefined;
  const misplaced = misplacedNote(dir, look);
  if (misplaced !== undefined) return `${misplaced} teamtop reads a config dir: the folder that holds teams/ and tasks/.`;
  const transcripts = transcriptsNote(look, now);
  if (look.teamsFolder)
    return `teams/ is empty: Claude Code removes a team's folder when the team ends.${transcripts ? ` ${transcripts}.` : ''}`;
  // A path starts the sentence as it is written: `projects/`, not `Projects/`.
  if (transcripts) return `${transcripts}: a team's members show here while its folder under teams/ is there.`;
  return undefined;
}
