/**
 * One transcript, followed as agent-files.ts follows a log: only what was appended is read, in chunks into
 * one scratch buffer and a slice at a time, so a first read of a big transcript never holds the whole file.
 */
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { TranscriptFact } from '../../../core/model/transcript-facts.js';
import { TranscriptDecoder } from '../../../core/decode/transcript/decoder.js';
import { readAt, withRegularFile } from '../../read-file.js';

const CHUNK_BYTES = 1024 * 1024;
/** Bytes read at once by a read with a deadline: it stops after the step in which the deadline passed. */
const STEP_BYTES = 128 * 1024;
/** Bytes kept from before the offset, to tell an append from a rewrite. */
const CHECK_BYTES = 64;

export type FollowerRead =
  | {
      readonly kind: 'read';
      readonly facts: TranscriptFact[];
      /** Read from the file's start: what was known of it goes. */
      readonly reset: boolean;
      readonly read: number;
      /** Bytes left to read after this slice. */
      readonly left: number;
    }
  | { readonly kind: 'failed'; readonly code: string; readonly error: unknown };

/** The one scratch buffer every follower reads into: what is read is decoded before the next read. */
let scratch = Buffer.alloc(0);
const chunkBuffer = (): Buffer => (scratch.length > 0 ? scratch : (scratch = Buffer.allocUnsafe(CHUNK_BYTES)));

export class TranscriptFollower {
  decoder = new TranscriptDecoder();
  private ino = -1;
  private offset = 0;
  private seen = Buffer.alloc(0);
  private text = new StringDecoder('utf8');
  /** The next read starts over (first read, or the file was replaced). */
  private fresh = true;

  constructor(readonly relative: string) {}

  /**
   * Facts of at most `slice` bytes appended since the last read; with `until`
   * (performance.now()'s clock), only as many steps of STEP_BYTES as begin
   * before it (one at least): a read is a slice of time too.
   */
  read(claudeDir: string, slice: number, until = Number.POSITIVE_INFINITY): FollowerRead {
    const result = withRegularFile(
      join(claudeDir, this.relative),
      (fd, stats): FollowerRead => {
        if (stats.ino !== this.ino || stats.size < this.offset || !this.stillThere(fd)) this.restart(stats.ino);
        const reset = this.fresh;
        this.fresh = false;
        const facts: TranscriptFact[] = [];
        const start = this.offset;
        const end = Math.min(stats.size, this.offset + slice);
        const buffer = chunkBuffer();
        const step = Number.isFinite(until) ? STEP_BYTES : buffer.length;
        while (this.offset < end && (this.offset === start || performance.now() < until)) {
          const read = readAt(fd, buffer, this.offset, Math.min(step, end - this.offset));
          if (read === 0) break;
          const bytes = buffer.subarray(0, read);
          this.keepSeen(bytes);
          this.offset += read;
          for (const fact of this.decoder.push(this.text.write(bytes))) facts.push(fact);
        }
        return { kind: 'read', facts, reset, read: this.offset - start, left: Math.max(0, stats.size - this.offset) };
      },
      claudeDir,
    );
    return result;
  }

  private restart(ino: number): void {
    this.ino = ino;
    this.offset = 0;
    this.seen = Buffer.alloc(0);
    this.decoder = new TranscriptDecoder();
    this.text = new StringDecoder('utf8');
    this.fresh = true;
  }

  private stillThere(fd: number): boolean {
    const { seen } = this;
    if (seen.length === 0) return true;
    const now = Buffer.allocUnsafe(seen.length);
    return readAt(fd, now, this.offset - seen.length, seen.length) === seen.length && now.equals(seen);
  }

  private keepSeen(bytes: Buffer): void {
    const joined = bytes.length >= CHECK_BYTES ? bytes : Buffer.concat([this.seen, bytes]);
    this.seen = Buffer.from(joined.subarray(Math.max(0, joined.length - CHECK_BYTES)));
  }
}
