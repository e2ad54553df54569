import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-policy";

const ada = { email: "ada.lovelace@example.com", firstName: "Ada", lastName: "Lovelace" };

describe("password policy", () => {
  it.each(["password123", "12345678", "Password1!", "qwertyuiop", "iloveyou1"])(
    "refuses the common or breached-list password %s, saying why",
    async (password) => {
      const problem = await passwordProblem(password, ada);
      expect(problem).toMatch(/^Password is too easy to guess\. .+ Use a few uncommon words or a longer passphrase\.$/);
      expect(problem).toMatch(/common|similar|easy|pattern|guess/i);
    },
  );

  it("refuses the account's email, its name part and the person's name", async () => {
    for (const password of ["ada.lovelace@example.com", "ADA.LOVELACE@EXAMPLE.COM", "ada.lovelace", "lovelace"]) {
      expect(await passwordProblem(password, ada), password).not.toBeNull();
    }
    expect(await passwordProblem("ada.lovelace@example.com", ada)).toBe(
      "Password must not be your email address or name.",
    );
    // A name with a year added is guessable from the name alone.
    expect(await passwordProblem("lovelace1815", ada)).toMatch(/personal/);
  });

  it("accepts passphrases and random passwords", async () => {
    for (const password of ["analytical-engine-1843", "correct horse battery", "x7#Kq9!zPw", "robots-do-the-work"]) {
      expect(await passwordProblem(password, ada), password).toBeNull();
    }
  });

  it("judges the same password by who owns it", async () => {
    expect(await passwordProblem("babbage-engine", { email: "charles@example.com" })).toBeNull();
    expect(
      await passwordProblem("babbage-engine", { email: "c@example.com", lastName: "Babbage-Engine" }),
    ).not.toBeNull();
  });
});
