import { describe, expect, it } from "vitest";
import { detailLines } from "./activity-list";

describe("an activity entry's details", () => {
  it("pairs old and new values, lists other keys, and keeps a plain message as is", () => {
    expect(detailLines(JSON.stringify({ title: "Claims", oldStatus: "pending", newStatus: "completed" }))).toEqual([
      "status: pending → completed",
      "title: Claims",
    ]);
    expect(detailLines(JSON.stringify({ email: "a@b.c", oldUserType: "client", newUserType: "admin" }))).toEqual([
      "userType: client → admin",
      "email: a@b.c",
    ]);
    expect(detailLines("Approved after a call")).toEqual(["Approved after a call"]);
    expect(detailLines("{not json")).toEqual(["{not json"]);
    expect(detailLines("[1,2]")).toEqual(["[1,2]"]);
    expect(detailLines(null)).toEqual([]);
  });
});
