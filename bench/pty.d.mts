/** The Node flags a script's `#!/usr/bin/env -S node …` line asks for (what the tests need of this module). */
export function shebangFlags(script: string): string[];
