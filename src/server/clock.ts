// The app's clock. Every rule that compares times (rate-limit windows, sign-in throttling, session
// expiry, trials and renewals, match deadlines, email retries, analytics months) reads it from the
// deps, so that a test moves time instead of waiting or backdating rows (decision 082).
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
