import chalk from 'chalk';

// Frames are compared as plain text; colour tests turn it on for themselves.
chalk.level = 0;
// Ink goes silent when it thinks it runs in CI (is-in-ci); tests render through it.
delete process.env['CI'];
