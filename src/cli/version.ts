declare const TEAMTOP_VERSION: string;

/** Set by the build; tests that import the sources see a development version. */
export const version = typeof TEAMTOP_VERSION === 'string' ? TEAMTOP_VERSION : '0.0.0-dev';
