export function checkPatches(root?: string): string[];
