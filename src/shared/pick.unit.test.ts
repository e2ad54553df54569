import { describe, expect, it } from "vitest";
import { pick } from "./pick";

describe("pick", () => {
  it("copies the named fields, values as they are, and nothing else", () => {
    const createdAt = new Date("2026-11-29T12:00:00Z");
    const row = { id: 7, title: "Invoices", passwordHash: "secret", createdAt, note: null };
    const picked = pick(row, ["id", "title", "createdAt", "note"]);
    expect(picked).toEqual({ id: 7, title: "Invoices", createdAt, note: null });
    expect(picked.createdAt).toBe(createdAt);
    expect(Object.keys(picked)).not.toContain("passwordHash");
  });

  it("keeps a named field that is undefined as a key, and gives a new object", () => {
    const row: { id: number; link?: string } = { id: 1 };
    const picked = pick(row, ["id", "link"]);
    expect(Object.keys(picked)).toEqual(["id", "link"]);
    expect(picked).not.toBe(row);
  });
});
