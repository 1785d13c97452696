/**
 * A clock that a test moves by hand, for the rate limits' fixed windows: a test starts at the beginning of a window
 * and steps past it instead of waiting for the wall clock.
 */
const HOUR_MS = 3_600_000;

export interface ManualClock {
  now(): number;
  advance(ms: number): void;
  /** Whole seconds until the current fixed window of `windowMs` ends: what Retry-After should say. */
  secondsLeftIn(windowMs: number): number;
}

/** Starts one second into the current hour, so that every minute and hour window begins afresh with it. */
export function manualClock(start = Math.floor(Date.now() / HOUR_MS) * HOUR_MS + 1_000): ManualClock {
  let time = start;
  return {
    now: () => time,
    advance(ms) {
      time += ms;
    },
    secondsLeftIn: (windowMs) => Math.ceil((windowMs - (time % windowMs)) / 1000),
  };
}
