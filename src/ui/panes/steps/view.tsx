import { Box, Text } from 'ink';
import React from 'react';
import { maxOf } from '../../../core/model/lists.js';
import { formatClock } from '../../../core/model/time.js';
import { FittedLine, type Part } from '../../widgets/fitted-line.js';
import { displayWidth, fit, fitPad, fitParts, stringWidth, wrapWords } from '../../../core/text/fit.js';
import { memberColor, palette, useTheme, type Theme } from '../../widgets/theme.js';
import { visibleItems, WindowedList } from '../../widgets/windowed-list.js';
import { activityNote, usageNote } from '../members/work.js';
import { stepText, type Tone } from './line.js';
import type { StepsModel } from './model.js';
import { overdueAfterMs, type ActivityFold, type Step } from '../../../core/model/activity.js';

/** A tool's name takes at most this: the rest is its input's. */
const TOOL_NAME_MAX = 16;

const TONES: Readonly<Record<Tone, string | undefined>> = {
  ok: palette.ok,
  danger: palette.danger,
  warning: palette.warning,
  accent: palette.accent,
  plain: undefined,
  dim: undefined,
};

const toned = (paint: Theme['paint'], tone: Tone): Pick<Part, 'color' | 'dimColor'> => {
  const color = TONES[tone];
  return { color: color ? paint(color) : undefined, dimColor: tone === 'dim' };
};

interface RowProps {
  readonly step: Step;
  readonly running: boolean;
  /** When a call running turns far longer than the member's others of its tool. */
  readonly overdueAt: number | null;
  /** The member's process cannot be seen (its activity's `processUnseen`). */
  readonly unseen: boolean;
  /** The clock, for a call running (0 for the rest: a tick draws only what it changes). */
  readonly now: number;
  readonly selected: boolean;
  readonly colors: ReadonlyMap<string, string | null>;
  /** Columns of a tool's name: the widest shown, so the inputs start in one column. */
  readonly toolWidth: number;
  readonly width: number;
  /** A subagent's step, under the call that started it: drawn indented. */
  readonly nested: boolean;
}

/** `10:00:01  ✓ Bash   npm test · 12.3s`: the input is cut so that how it ended stays. */
const StepRow = React.memo(function StepRow({
  step,
  running,
  overdueAt,
  unseen,
  now,
  selected,
  colors,
  toolWidth,
  width,
  nested,
}: RowProps) {
  const { paint } = useTheme();
  const text = stepText(step, { now, running, overdueAt, unseen });
  const name =
    text.nameIs === 'tool'
      ? { text: fitPad(text.name, toolWidth), bold: true }
      : text.nameIs === 'member'
        ? { text: fit(text.name, 24), color: paint(memberColor(colors.get(text.name))) }
        : { text: '' };
  const head: Part[] = [
    { text: `${formatClock(step.at)}  `, dimColor: true },
    { text: nested ? '│ ' : '', dimColor: true },
    { text: `${text.mark} `, bold: true, ...toned(paint, text.markTone) },
    { text: text.label, dimColor: true },
    name,
    { text: text.between, dimColor: true },
  ];
  const tail: Part = { text: text.tail, ...toned(paint, text.tailTone) };
  const room = width - stringWidth(head.map((part) => part.text).join('')) - stringWidth(tail.text);
  return <FittedLine parts={[...head, { text: fit(text.body, Math.max(1, room)) }, tail]} width={width} inverse={selected} marks />;
});

interface StepsViewProps {
  readonly model: StepsModel | undefined;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly now: number;
  readonly width: number;
  readonly transcripts: boolean;
  readonly members: number;
  readonly interactive: boolean;
}

function title(model: StepsModel | undefined, now: number, paint: Theme['paint'], colors: StepsViewProps['colors']): Part[] {
  const parts: Part[] = [{ text: ' Steps ', bold: true, inverse: true }];
  if (!model) return parts;
  const { member } = model;
  parts.push({ text: ` ${fit(member.name, 24)}`, bold: true, color: paint(memberColor(colors.get(member.name) ?? member.color)) });
  const doing = activityNote(model.activity, now);
  if (doing)
    parts.push({ text: ` · ${fit(doing.text, 60)}${doing.tail ?? ''}`, ...toned(paint, doing.tone === 'info' ? 'plain' : doing.tone) });
  else if (model.activity?.state === 'idle') parts.push({ text: ' · idle', dimColor: true });
  const usage = usageNote(model.usage, now);
  if (usage) parts.push({ text: ` · ${usage.text}`, dimColor: true });
  return parts;
}

/** What is above the window, and the keys (where the title has room for them too: the footer names them). */
function where(model: StepsModel | undefined, members: number, interactive: boolean, room: number): string {
  const earlier = model && model.window.start > 0 ? `↑ ${model.window.start} earlier` : '';
  const keys = interactive ? [members > 1 ? 'tab next member' : '', 's back'] : [];
  const full = [earlier, ...keys].filter(Boolean).join(' · ');
  return stringWidth(full) <= room ? full : earlier;
}

/** Why there is no step to list: a line, and words that say more, wrapped. */
function emptyOf(model: StepsModel | undefined, transcripts: boolean): { readonly line: string; readonly more: string } | null {
  if (!transcripts)
    return { line: 'transcripts are off (--no-transcripts)', more: 'Start teamtop without it to see what each member does.' };
  if (!model) return { line: 'no members yet', more: '' };
  const { member, work } = model;
  if (work && model.steps.length === 0 && work.activity.steps.length > 0) return { line: 'no step matches the search', more: '' };
  if (work) return model.steps.length === 0 ? { line: `no steps yet in ${work.path}`, more: '' } : null;
  if (model.recorded)
    return {
      line: `${member.name}'s steps are not recorded`,
      more: 'The journal keeps what each member did (its state, the tool it ran, its figures), never its steps: they hold the text of its transcript.',
    };
  // The path goes last, whole, in the words that wrap: the line cuts it.
  return {
    line: `no transcript of ${member.name} found under projects/`,
    more: `A member's transcript is looked for in the project folder of its cwd: an older layout, or a copy of teams/ and tasks/ alone, has none.${model.cwd ? ` Its cwd: ${model.cwd}` : ''}`,
  };
}

/** The title: what the member does now and used on the left; what is above and the keys on the right where there is room. */
function TitleLine({ model, now, colors, width, members, interactive }: Omit<StepsViewProps, 'transcripts'>) {
  const { paint } = useTheme();
  const left = title(model, now, paint, colors);
  const right = where(model, members, interactive, width - stringWidth(left.map((part) => part.text).join('')) - 2);
  const room = right === '' || width - stringWidth(right) < 40 ? width : width - stringWidth(right) - 2;
  const cut = fitParts(
    left.map((part) => part.text),
    room,
  );
  const used = stringWidth(cut.join(''));
  const parts = left.map((part, i) => ({ ...part, text: cut[i]! }));
  if (room < width) parts.push({ text: `${' '.repeat(width - used - stringWidth(right))}${right}`, dimColor: true });
  return <FittedLine parts={parts} width={width} />;
}

/** When a call turns far longer than the member's others of its tool. */
const overdueAt = (fold: ActivityFold | undefined, step: Step): number | null =>
  fold && step.kind === 'tool' && Number.isFinite(step.at) ? step.at + overdueAfterMs(fold, step.name) : null;

export function StepsView(props: StepsViewProps) {
  const { model, colors, now, width, transcripts } = props;
  const { dim } = useTheme();
  const empty = emptyOf(model, transcripts);
  const visible = model ? visibleItems(model.steps, model.window) : [];
  const toolWidth = maxOf(
    visible.map((step) => (step.kind === 'tool' ? displayWidth(step.name, TOOL_NAME_MAX) : 0)),
    0,
  );
  return (
    <Box flexDirection="column" width={width}>
      <TitleLine {...props} />
      {empty !== null ? <Text> {fit(empty.line, width - 1)}</Text> : null}
      {empty !== null && empty.more !== ''
        ? wrapWords(empty.more, width - 1).map((line, i) => (
            <Text key={i} dimColor={dim}>
              {' '}
              {line}
            </Text>
          ))
        : null}
      {model && empty === null ? (
        <WindowedList
          items={model.steps}
          window={model.window}
          row={(step, index, selected) => {
            const running = step.kind === 'tool' && model.running.has(step.id);
            const agent = model.agents[index] ?? null;
            const fold = agent === null ? model.work?.activity : model.subagents.get(agent)?.activity;
            return (
              <StepRow
                key={model.ids[index]}
                step={step}
                nested={agent !== null}
                running={running}
                overdueAt={running ? overdueAt(fold, step) : null}
                unseen={running && Boolean(model.activity?.processUnseen)}
                now={running ? now : 0}
                selected={selected}
                colors={colors}
                toolWidth={toolWidth}
                width={width}
              />
            );
          }}
        />
      ) : null}
    </Box>
  );
}
