/**
 * Lengths of time in milliseconds, the one place the server, the web app, the tests and the scripts
 * take them from. Plain numbers with no imports, so a web chunk that uses one gains nothing else.
 * A "day" here is 24 hours of elapsed time, not a calendar day across a daylight-saving change.
 */
export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;
