export function redactRecord(record: unknown): unknown;
export function redactTranscript(text: string): string;
export function redactTree(src: string, dst: string): void;
export function unredacted(dir: string): string[];
