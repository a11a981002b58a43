// A member pane's info line: what the member is and how long its mail waits, then its open handshakes and unread count.
import React from 'react';
import { FittedLine, samePart, type Part } from '../../widgets/fitted-line.js';
import { displayWidth, fit, fitParts, stringWidth } from '../../../core/text/fit.js';
import { palette, useTheme, type Theme } from '../../widgets/theme.js';
import { waitsText } from './detail.js';
import { LONG_WAIT_MS, type MemberPaneModel } from './model.js';

/** A piece of the info line; `slow`: mail that sits, said in colour. */
export interface InfoPiece {
  readonly text: string;
  readonly slow?: boolean;
}

/** What the member is (type, model, backend), then how long its mail waits: first when long (its mail sits: it is stuck). */
export function infoPieces(pane: MemberPaneModel): InfoPiece[] {
  const { log, member } = pane;
  if (member.status === 'no agent') return [{ text: 'claude -p: nobody reads this inbox' }];
  if (member.status === 'not on roster') return [{ text: 'no member has this name: nobody reads this inbox' }];
  if (log) {
    if (!pane.member.agent?.log) return [{ text: 'output.log · none yet' }];
    return [{ text: `output.log · ${log.total} line${log.total === 1 ? '' : 's'}${log.present ? '' : ' · removed'}` }];
  }
  // What it is (its type and model), then where it runs: pieces of their own, the first kept whole the longest.
  const what = [member.agentType, member.model].filter(Boolean).join(' · ');
  const pieces: InfoPiece[] = [what, member.backendType ?? ''].filter(Boolean).map((text) => ({ text }));
  if (!member.waits) return pieces;
  const slow = member.waits.typicalMs >= LONG_WAIT_MS;
  const waits = { text: waitsText(member.waits), slow };
  return slow ? [waits, ...pieces] : [...pieces, waits];
}

export const infoText = (pane: MemberPaneModel): string =>
  infoPieces(pane)
    .map((piece) => piece.text)
    .join(' · ');

export interface StatusParts {
  readonly marker: Part | undefined;
  readonly unread: Part;
}

export function statusParts({ member, marker, unread }: MemberPaneModel, paint: Theme['paint']): StatusParts {
  return {
    marker: marker
      ? { text: marker.text, bold: marker.stalled, color: paint(marker.stalled ? palette.danger : palette.warning) }
      : undefined,
    unread: { text: unread, color: member.unread > 0 ? paint(palette.accent) : undefined, dimColor: member.unread === 0 },
  };
}

/** Between the marker and the unread count: `⇢ waits on team-lead 6s · all read`, never `6s all read`. */
const BETWEEN: Part = { text: ' · ', dimColor: true };

export const partsOf = ({ marker, unread }: StatusParts): Part[] => (marker ? [marker, BETWEEN, unread] : [unread]);

/** Columns at least between the info and the counts on its right: `in-process  all read`, never `6s all read`. */
const INFO_GAP = 2;

interface InfoLineProps {
  /** What the member is and how long its mail waits (`infoPieces`). */
  readonly info: readonly InfoPiece[];
  readonly status: StatusParts;
  readonly width: number;
}

const samePiece = (a: InfoPiece, b: InfoPiece): boolean => a.text === b.text && a.slow === b.slow;

/** Drawn again only when what it says changed: a tick that moves the pane's title (an age) leaves it as it was. */
export const sameInfoLine = (a: InfoLineProps, b: InfoLineProps): boolean =>
  a.width === b.width &&
  a.info.length === b.info.length &&
  a.info.every((piece, i) => samePiece(piece, b.info[i]!)) &&
  samePart(a.status.unread, b.status.unread) &&
  (a.status.marker === b.status.marker ||
    (a.status.marker !== undefined && b.status.marker !== undefined && samePart(a.status.marker, b.status.marker)));

export const InfoLine = React.memo(function InfoLine({ info, status, width }: InfoLineProps) {
  const { paint } = useTheme();
  const { marker, unread } = status;
  // What the member is keeps up to half the line (and two columns for ` …` when more follows); the marker gives way first.
  const first = Math.min(displayWidth(info[0]?.text ?? '', width) + (info.length > 1 ? 2 : 0), Math.floor(width / 2));
  const markerRoom = width - stringWidth(unread.text) - BETWEEN.text.length - INFO_GAP - first;
  const markerText = marker ? fit(marker.text, markerRoom) : '';
  const right = `${markerText ? `${markerText}${BETWEEN.text}` : ''}${unread.text}`;
  const room = width - stringWidth(right) - INFO_GAP;
  // Each piece is fitted (so made safe) on its own; the separators are ours.
  const pieces = info.flatMap((piece, i) => [...(i > 0 ? [{ text: ' · ' }] : []), { ...piece, text: fit(piece.text, room) }]);
  const texts =
    room > 0
      ? fitParts(
          pieces.map((piece) => piece.text),
          room,
        )
      : [];
  const left: Part[] = texts.map((text, i) => (pieces[i]!.slow ? { text, color: paint(palette.warning) } : { text, dimColor: true }));
  const gap = ' '.repeat(Math.max(0, width - stringWidth(texts.join('')) - stringWidth(right)));
  const parts: Part[] = [...left, { text: gap }];
  if (marker && markerText) parts.push({ ...marker, text: markerText }, BETWEEN);
  parts.push(unread);
  return <FittedLine parts={parts} width={width} />;
}, sameInfoLine);
