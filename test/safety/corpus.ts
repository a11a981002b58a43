/**
 * Hostile agent teams, written to a temp Claude config dir: every string teamtop
 * reads from disk carries real terminal attacks, and a second team carries text
 * whose width terminals and string-width like to disagree on.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ESC = '\u001b';
const BEL = '\u0007';
const ST = `${ESC}\\`;

/** Sequences a terminal obeys, each as an attacker would send it. */
export const ATTACKS = {
  clearScreen: `${ESC}[2J`,
  clearScrollback: `${ESC}[3J`,
  reset: `${ESC}c`,
  titleBel: `${ESC}]0;pwned-title${BEL}`,
  titleSt: `${ESC}]2;pwned-title${ST}`,
  clipboard: `${ESC}]52;c;cHduZWQ=${BEL}`,
  hyperlink: `${ESC}]8;;https://evil.example/${ST}click me${ESC}]8;;${ST}`,
  home: `${ESC}[H`,
  moveTo: `${ESC}[10;10H`,
  up: `${ESC}[5A`,
  saveRestore: `${ESC}7${ESC}[s${ESC}8${ESC}[u`,
  dcs: `${ESC}P$q"p${ST}`,
  c1Csi: '\u009b2J',
  c1Osc: `\u009d0;pwned-c1${BEL}`,
  bell: BEL,
  backspace: 'safe\b\b\b\bEVIL',
  carriageReturn: 'safe\rEVIL',
  bidiOverride: 'abc\u202Eevil\u202C',
  bidiIsolate: '\u2066isolate\u2069',
  nul: 'a\u0000b',
  del: 'a\u007fb',
  altScreenOff: `${ESC}[?1049l`,
  mouse: `${ESC}[?1000h${ESC}[?1003h${ESC}[?1006h`,
  bracketedPaste: `${ESC}[?2004l`,
  hidden: `${ESC}[8mhidden`,
  // Queries the terminal answers on our stdin, as if typed.
  reports: `${ESC}[6n${ESC}[c`,
} as const;

/** A thousand bells: in the long fields only, where it is drawn over many lines. */
export const BELL_FLOOD = BEL.repeat(1000);

/** The payloads the attacks carry, which must never reach a terminal's handlers. */
export const PAYLOADS = ['pwned-title', 'cHduZWQ=', 'https://evil.example/', 'pwned-c1'] as const;

const EVERY_ATTACK = Object.values(ATTACKS).join(' ');

/** Every attack, after a label that says which field this is. */
export const hostile = (label: string): string => `${label} ${EVERY_ATTACK}`;

/**
 * Names that are also file and folder names: Linux allows every byte but `/` and
 * NUL, so a member's inbox file can be named with ESC and C1 controls in it.
 */
const NAME_ATTACKS = [
  ATTACKS.clearScreen,
  ATTACKS.titleBel,
  ATTACKS.c1Csi,
  ATTACKS.c1Osc,
  ATTACKS.altScreenOff,
  ATTACKS.hidden,
  '\u202E',
  // No CR or LF: paths.ts reads `<name>.json` with `.+`, which stops at a line
  // break, so such a file is not read at all (nothing is drawn from it).
  '\b\u007f',
].join('');
export const hostileName = (label: string): string => `${label}${NAME_ATTACKS}`;

export const HOSTILE_TEAM = hostileName('evil');
/** A second team, so the header draws two names. */
export const HOSTILE_TEAM_2 = hostileName('other');
export const LEAD = hostileName('lead');
export const WORKER = hostileName('worker');
/** In the config only, so its name may hold anything, `/` and NUL too. */
export const GHOST = hostile('ghost');
/** An inbox file nobody in the config owns: a member known by its file name alone. */
export const STRAY = hostileName('stray');
/** A task known by its file name alone. */
export const FILE_TASK = hostileName('7');

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const iso = (secondsAgo: number) => new Date(NOW - secondsAgo * 1000).toISOString();

function write(path: string, value: unknown): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
}

const envelope = (from: string, text: string | Record<string, unknown>, secondsAgo: number, extra: Record<string, unknown> = {}) => ({
  from,
  text: typeof text === 'string' ? text : JSON.stringify(text),
  summary: hostile('summary'),
  timestamp: iso(secondsAgo),
  color: hostile('color'),
  read: false,
  ...extra,
});

/** The protocol messages, every one of their string fields hostile, and a type nobody knows. */
function protocolMessages(from: string): Array<Record<string, unknown>> {
  const h = hostile;
  return [
    {
      type: 'idle_notification',
      from,
      idleReason: h('idleReason'),
      failureReason: h('failureReason'),
      summary: h('idle summary'),
      completedTaskId: h('completedTaskId'),
      completedStatus: h('completedStatus'),
    },
    { type: 'shutdown_request', requestId: h('shutdown-id'), from, reason: h('reason') },
    { type: 'shutdown_rejected', requestId: h('shutdown-id'), from, reason: h('rejected reason') },
    {
      type: 'permission_request',
      request_id: h('perm-id'),
      agent_id: h('agent_id'),
      tool_name: h('tool_name'),
      tool_use_id: h('tool_use_id'),
      description: h('description'),
      input: { [h('input key')]: h('command') },
      permission_suggestions: [h('suggestion')],
    },
    {
      type: 'permission_response',
      request_id: h('orphan-perm-id'),
      subtype: 'error',
      error: h('error'),
      response: { behavior: h('behavior'), message: h('response message') },
    },
    {
      type: 'plan_approval_request',
      requestId: h('plan-id'),
      from,
      plan: `${h('# plan')}\n${h('  1. step')}\n${BELL_FLOOD}`,
      summary: h('plan summary'),
      planFilePath: h('planFilePath'),
    },
    {
      type: 'plan_approval_response',
      requestId: h('plan-id'),
      approve: false,
      feedback: h('feedback'),
      permissionMode: h('permissionMode'),
    },
    {
      type: 'task_assignment',
      taskId: h('taskId'),
      subject: h('assigned subject'),
      description: h('assigned description'),
      assignedBy: h('assignedBy'),
    },
    { type: 'sandbox_permission_request', requestId: h('sandbox-id'), workerName: h('workerName'), host: h('host') },
    { type: 'sandbox_permission_response', requestId: h('orphan-sandbox-id'), host: h('host'), allow: true },
    { type: 'mode_set_request', mode: h('mode'), from },
    { type: 'team_permission_update', toolName: h('toolName'), permissionUpdate: { [h('rule')]: h('rule value') } },
    { type: h('unknown_type'), requestId: h('unknown-id'), [h('unknown key')]: h('unknown value') },
  ];
}

/**
 * The hostile team at `claudeDir`. Every field the dashboard shows holds every
 * attack: names, folder and file names, message text, summaries, senders,
 * colours, timestamps, protocol types and fields, request ids, task ids,
 * subjects, descriptions, active forms, owners, statuses and blockers.
 */
export function writeHostileTeam(claudeDir: string): void {
  const team = join(claudeDir, 'teams', HOSTILE_TEAM);
  const tasks = join(claudeDir, 'tasks', HOSTILE_TEAM);
  write(join(team, 'config.json'), {
    name: hostile('config name'),
    description: hostile('description'),
    createdAt: NOW - 3_600_000,
    leadAgentId: `${LEAD}@${HOSTILE_TEAM}`,
    members: [
      // Colours a lookup table must not take for its own keys.
      {
        agentId: `${LEAD}@${HOSTILE_TEAM}`,
        name: LEAD,
        agentType: hostile('agentType'),
        model: hostile('model'),
        color: '__proto__',
        backendType: hostile('backendType'),
        joinedAt: NOW - 3_600_000,
      },
      {
        agentId: `${WORKER}@${HOSTILE_TEAM}`,
        name: WORKER,
        agentType: hostile('agentType'),
        model: hostile('model'),
        color: 'constructor',
        backendType: hostile('backendType'),
        joinedAt: NOW - 3_000_000,
      },
      { agentId: 'ghost@x', name: GHOST, agentType: hostile('agentType'), color: hostile('color'), joinedAt: NOW - 2_000_000 },
    ],
  });
  write(join(team, 'inboxes', `${LEAD}.json`), [
    envelope(WORKER, hostile('message text'), 600, { color: 'toString' }),
    envelope(GHOST, `${hostile('multi-line')}\n${hostile('second line')}\r\n${BELL_FLOOD}`, 590, { timestamp: hostile('timestamp') }),
    ...protocolMessages(WORKER).map((data, i) => envelope(WORKER, data, 580 - i * 10, { msg_id: hostile(`msg_id ${i}`) })),
  ]);
  write(join(team, 'inboxes', `${WORKER}.json`), [
    envelope(LEAD, hostile('to worker'), 300),
    envelope(
      LEAD,
      {
        type: 'shutdown_approved',
        requestId: hostile('approved-id'),
        from: LEAD,
        paneId: hostile('paneId'),
        backendType: hostile('backendType'),
      },
      290,
    ),
    envelope(LEAD, { type: 'plan_approval_request', requestId: hostile('plan-2'), from: LEAD, planContent: hostile('planContent') }, 280),
  ]);
  write(join(team, 'inboxes', `${STRAY}.json`), [envelope(GHOST, hostile('to the stray'), 200, { color: 'hasOwnProperty' })]);

  const task = (fields: Record<string, unknown>) => ({
    subject: hostile('subject'),
    description: `${hostile('description')}\n${BELL_FLOOD}`,
    activeForm: hostile('activeForm'),
    owner: WORKER,
    blocks: [],
    blockedBy: [],
    ...fields,
  });
  write(join(tasks, '1.json'), task({ id: hostile('id'), status: 'in_progress', owner: GHOST, blockedBy: [hostile('missing blocker')] }));
  write(join(tasks, '2.json'), task({ id: '2', status: hostile('status'), blocks: [hostile('id')] }));
  write(join(tasks, '3.json'), task({ id: '3', status: 'pending', owner: hostile('owner'), blockedBy: ['2'] }));
  write(join(tasks, `${FILE_TASK}.json`), task({ status: 'in_progress', owner: LEAD }));
  write(join(tasks, '4.json'), task({ id: '4', subject: hostile('tracker'), metadata: { _internal: true } }));
  // A file that does not parse, named to attack the problems line.
  write(join(tasks, `${hostileName('broken')}.json`), '{"id": "9", "subject": ');

  write(join(claudeDir, 'teams', HOSTILE_TEAM_2, 'config.json'), {
    name: hostile('second config name'),
    members: [{ name: hostileName('solo'), agentType: hostile('agentType') }],
  });
}

/** Text whose width is easy to get wrong: wide, joined, combined, invisible, very long. */
export const ODD_TEXTS = {
  cjk: '世界你好こんにちは한국어',
  emoji: '😀🚀⌛✅',
  zwjFamily: '👨‍👩‍👧‍👦 family',
  zwjTechnologist: '🧑‍💻 coder',
  flags: '🇫🇷🇯🇵🇺🇳 flags',
  loneRegionalIndicators: '🇦🇦🇦 lone',
  skinTones: '👍🏽👋🏿 tones',
  combining: 'e\u0301 n\u0303 a\u0300\u0301\u0302\u0303\u0304',
  zalgo: `Z${'\u0336\u0337\u0338'.repeat(20)}algo`,
  leadingMark: '\u0301starts with a mark',
  zeroWidth: 'zero\u200Bwidth\u200Cnon\u200Djoin\u2060word\uFEFFbom',
  variationSelectors: '❤\uFE0F ☀\uFE0F ☺\uFE0E 1\uFE0F\u20E3 #\u20E3',
  tabs: 'tab\there\t\tand\tthere',
  thai: 'ภาษาไทยกำลังทำ',
  devanagari: 'क्षत्रिय हिन्दी',
  hangulJamo: '\u1100\u1161\u11A8 jamo',
  fullwidth: 'ＦＵＬＬ ｈａｌｆ ｱﾞ',
  softHyphen: 'soft\u00ADhyphen',
  fillers: 'blank\u3164name\u115F',
  tagFlag: '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} scotland',
  rtl: 'עברית العربية',
  prepended: '\u0600\u0661\u0662 \u0D4E\u0D15',
  longWord: 'Supercalifragilistic世界😀'.repeat(8),
  // tmux (glibc's widths): no column for a line separator or what its Unicode lacks; two for U+3248.
  tmuxWidths: 'line\u2028separator \u3248\u324F circled \u0378\u{1FA75} unassigned \u2630 trigram',
} as const;

/** A 10,000-character word: wide, narrow, combined and paired characters, for a line to be cut anywhere. */
export const HUGE_WORD = 'word世界😀e\u0301กำ🇫🇷'.repeat(625);

/**
 * The odd team at `claudeDir`: member names, senders, summaries, message text,
 * task subjects, owners and ids all made of the text above.
 */
export function writeOddTeam(claudeDir: string, team = 'odd世界😀'): void {
  // The lead's name is long, and cut wherever a column ends it cuts a wide character in two.
  const members = [`lead${'世界'.repeat(10)}`, 'emoji😀👨‍👩‍👧', 'mark e\u0301\u0336', 'thaiกำ'];
  const texts = [...Object.values(ODD_TEXTS), HUGE_WORD];
  write(join(claudeDir, 'teams', team, 'config.json'), {
    name: team,
    leadAgentId: `${members[0]}@${team}`,
    members: members.map((name, i) => ({
      agentId: `${name}@${team}`,
      name,
      agentType: Object.values(ODD_TEXTS)[i]!,
      model: ODD_TEXTS.zwjFamily,
      color: ['blue', 'green', 'purple', 'orange'][i],
      joinedAt: NOW - 3_600_000,
    })),
  });
  members.forEach((name, m) => {
    const sender = members[(m + 1) % members.length]!;
    // A handshake per member, open or answered, so the handshake list has rows of odd names.
    const request = {
      type: 'permission_request',
      request_id: `perm-${m}${ODD_TEXTS.emoji}`,
      tool_name: ODD_TEXTS.cjk,
      description: ODD_TEXTS.zwjFamily,
    };
    const answer = { type: 'permission_response', request_id: `perm-${(m + 3) % members.length}${ODD_TEXTS.emoji}`, approve: m % 2 === 0 };
    write(join(claudeDir, 'teams', team, 'inboxes', `${name}.json`), [
      ...texts.map((text, i) => ({
        from: i % 3 === 0 ? sender : texts[(i + m) % texts.length]!,
        text,
        summary: i % 2 === 0 ? texts[(i + 1) % texts.length] : undefined,
        timestamp: iso(1000 - i * 10 - m),
        read: i % 4 === 0,
      })),
      { from: sender, text: JSON.stringify(request), timestamp: iso(500 - m), read: false },
      { from: sender, text: JSON.stringify(answer), timestamp: iso(400 - m), read: false },
    ]);
  });
  texts.forEach((text, i) => {
    const id = String(i + 1);
    write(join(claudeDir, 'tasks', team, `${id}.json`), {
      id: i % 5 === 0 ? `${id}${ODD_TEXTS.emoji}` : id,
      subject: text,
      description: texts.join('\n'),
      activeForm: texts[(i + 2) % texts.length],
      status: ['pending', 'in_progress', 'completed'][i % 3],
      owner: i % 2 === 0 ? members[i % members.length] : text,
      blocks: [],
      blockedBy: i % 4 === 3 ? [String(i)] : [],
    });
  });
}
