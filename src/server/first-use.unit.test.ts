import { describe, expect, it } from "vitest";
import { onFirstUse } from "./first-use";

describe("onFirstUse", () => {
  it("makes the value once, on the first call, and gives every call the same one", async () => {
    let made = 0;
    const value = onFirstUse(async () => ({ n: ++made }));
    expect(made).toBe(0);
    const [a, b] = await Promise.all([value(), value()]);
    expect(a).toBe(b);
    expect(await value()).toBe(a);
    expect(made).toBe(1);
  });

  it("does not keep a failure: the next call makes it again", async () => {
    let attempts = 0;
    const value = onFirstUse(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("not installed");
      return attempts;
    });
    await expect(value()).rejects.toThrow("not installed");
    expect(await value()).toBe(2);
    expect(await value()).toBe(2);
  });
});
