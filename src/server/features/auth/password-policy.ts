// Which passwords are refused (decision 112): too easy to guess by zxcvbn-ts with its common and
// English dictionaries (tens of thousands of leaked and common passwords, names, words, keyboard
// patterns, dates), or built on the account's own email or name. Length stays 8 to 128 (shared/auth).
import { onFirstUse } from "../../first-use";

/** zxcvbn's score runs 0 to 4; 2 and up resists an online guesser for a very long time. */
export const MIN_PASSWORD_SCORE = 2;

/**
 * Loaded and built on first use: the dictionaries take a few megabytes and about a fifth of a second of
 * CPU to load, which a server start (and every process that never checks a password) does without.
 */
const estimator = onFirstUse(async () => {
  const [{ ZxcvbnFactory }, common, en] = await Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]);
  return new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
});

export type PasswordOwner = { email: string; firstName?: string; lastName?: string };

function ownWords(owner: PasswordOwner): string[] {
  const local = owner.email.split("@")[0] ?? "";
  return [owner.email, local, ...local.split(/[._+-]+/), owner.firstName ?? "", owner.lastName ?? ""]
    .map((w) => w.trim().toLowerCase())
    .filter((w) => w.length >= 3);
}

/** Why this password may not be used, in words a person can act on; null when it is fine. */
export async function passwordProblem(password: string, owner: PasswordOwner): Promise<string | null> {
  const lower = password.trim().toLowerCase();
  const words = ownWords(owner);
  if (words.includes(lower) || lower === owner.email.toLowerCase()) {
    return "Password must not be your email address or name.";
  }
  const result = (await estimator()).check(password, words);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const why = result.feedback.warning ?? "This password is easy to guess.";
  return `Password is too easy to guess. ${why.endsWith(".") ? why : `${why}.`} Use a few uncommon words or a longer passphrase.`;
}
