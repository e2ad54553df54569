// The app's clock in API tests (decision 082): the system's time plus an offset that a test moves
// forward, so that a trial, a match deadline or a rate-limit window passes at once instead of being
// waited for or faked by backdating rows. Until a test moves it, it reads as the system's clock, so
// rows the database stamps with its own now() agree with it.
import type { Clock } from "../clock";

export type TestClock = {
  now: Clock;
  /** Moves the app's time forward; it never goes back, as no real clock the app runs on does. */
  advance: (ms: number) => void;
};

export function createTestClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      if (!(ms >= 0)) throw new Error(`The test clock only moves forward (asked to move ${ms} ms).`);
      offset += ms;
    },
  };
}
