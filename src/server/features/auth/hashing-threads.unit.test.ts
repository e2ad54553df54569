// The password hashes' own threads (decision 165): the same keys as node:crypto, at most the given
// number of threads, each at nice 10 (read from Linux's /proc), and a failed hash answered as an error
// without taking the next one down.
import { scryptSync } from "node:crypto";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { createHashingThreads } from "./hashing-threads";
import { hashPassword, unopenableHash, verifyPassword } from "./password";

const params = { keyLength: 32, N: 1024, r: 8, p: 1 };

/** The nice value of each of this process's threads that has used any CPU. */
function threadNiceValues(): number[] {
  return fs.readdirSync("/proc/self/task").flatMap((task) => {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${task}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return [Number(fields[16])];
    } catch {
      return [];
    }
  });
}

describe("hashing threads", () => {
  it("derive the key node:crypto derives, on at most `size` threads, each at nice 10", async () => {
    const before = threadNiceValues().filter((n) => n === 10).length;
    const threads = createHashingThreads(2);
    const salt = Buffer.from("a salt of sixteen");
    const keys = await Promise.all(
      ["one", "two", "three", "four", "five"].map((pw) => threads.scrypt(pw, salt, params)),
    );
    for (const [i, pw] of ["one", "two", "three", "four", "five"].entries()) {
      expect(keys[i]?.equals(scryptSync(pw, salt, 32, { N: 1024, r: 8, p: 1 }))).toBe(true);
    }
    const lowered = threadNiceValues().filter((n) => n === 10).length - before;
    expect(lowered).toBe(2);
  });

  it("answer a hash that cannot be made with its error, and make the next one", async () => {
    const threads = createHashingThreads(1);
    await expect(threads.scrypt("pw", Buffer.from("salt"), { ...params, N: 1000 })).rejects.toThrow(
      "Invalid scrypt params",
    );
    const key = await threads.scrypt("pw", Buffer.from("salt"), params);
    expect(key).toHaveLength(32);
  });

  it("are what passwords are hashed and checked with", async () => {
    const stored = await hashPassword("correct horse battery staple", 1024);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("wrong horse", stored)).toBe(false);
  });

  it("check an email with no account against a hash of the same cost that no password opens", async () => {
    const real = (await hashPassword("correct horse battery staple", 1024)).split("$");
    const unopenable = unopenableHash(1024).split("$");
    // The same scheme and cost (so verifying takes one hash at N, as for an account), salt and key sizes.
    expect(unopenable.slice(0, 4)).toEqual(real.slice(0, 4));
    expect(unopenable.slice(4).map((b64) => Buffer.from(b64, "base64").length)).toEqual(
      real.slice(4).map((b64) => Buffer.from(b64, "base64").length),
    );
    expect(await verifyPassword("correct horse battery staple", unopenable.join("$"))).toBe(false);
    expect(unopenableHash(2048)).toMatch(/^scrypt\$2048\$8\$1\$/);
  });
});
