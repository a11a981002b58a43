/**
 * Which messages of a recording a watcher may miss as it is re-enacted, and
 * why (issue 36 §3): teamtop reads an inbox the moment its change is known
 * (before any transcript's next slice), but a busy machine (the other
 * re-enactments of the file in the same process, two busy processes in CI)
 * can keep it from looking for a while, and a message that lived in its file
 * for less than that is gone from it when it does. With the recipient's
 * transcript, such a message is recovered from it (its `<teammate-message>`
 * record: test/e2e/busy-mail.test.ts holds teamtop still for whole lives of
 * messages); the recordings of 2.1.330 hold no transcript (their recorder kept
 * none), so nothing else says it was ever there.
 */
import type { RecordedRun, Recording } from '../../harness/recording.mjs';

/** Shorter lives than this, re-enacted, may be missed: a busy 2-core machine holds a process longer. */
export const MAY_MISS_MS = 100;

/** Whether a recording holds the members' transcripts (2.1.332's recorder keeps them). */
export const holdsTranscripts = (recording: Recording): boolean =>
  recording.ops.some((op) => op.kind === 'append' && op.path.startsWith('projects/'));

/** The messages (by msgId) that lived less than MAY_MISS_MS at `speed`, where no transcript holds them. */
export function mayBeMissed(recording: Recording, run: RecordedRun, speed: number): ReadonlySet<string> {
  if (holdsTranscripts(recording)) return new Set();
  return new Set(
    run.messages
      .filter((message) => message.removedAt !== null && (message.removedAt - message.writtenAt) / speed < MAY_MISS_MS)
      .map((message) => message.msgId),
  );
}

/** The fastest pace, up to `speed`, at which no message of the recording lives less than MAY_MISS_MS (at least 1). */
export function paceFor(recording: Recording, run: RecordedRun, speed: number): number {
  if (holdsTranscripts(recording)) return speed;
  const lives = run.messages.flatMap((message) => (message.removedAt === null ? [] : [message.removedAt - message.writtenAt]));
  const shortest = lives.length > 0 ? Math.min(...lives) : Number.POSITIVE_INFINITY;
  return Math.max(1, Math.min(speed, shortest / MAY_MISS_MS));
}
