/**
 * The browser tests' server clock (APP_ENV=test, TEST_NOW): a Wednesday morning in Melbourne in a
 * week without public holidays, so opening hours, "open now" and "just sold" read the same on
 * every run. The server's clock starts here and runs on.
 */
export const TEST_NOW = "2026-11-18T10:30:00+11:00";
export const TEST_NOW_MS = Date.parse(TEST_NOW);
