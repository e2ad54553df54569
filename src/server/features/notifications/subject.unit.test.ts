import { describe, expect, it } from "vitest";
import { unsendableReason } from "./mail";
import { SUBJECT_MAX, subjectLine } from "./subject";

describe("subjectLine", () => {
  it("keeps a plain subject as it is", () => {
    expect(subjectLine("New lead: Invoice processing")).toBe("New lead: Invoice processing");
  });

  it.each([
    ["CR LF", "Hello\r\nBcc: x@example.com", "Hello Bcc: x@example.com"],
    ["a tab and a NUL", "A\tB\u0000C", "A B C"],
    ["DEL and an escape", "A\u007f\u001bB", "A B"],
    ["line breaks around the text", "\n Title \r\n", "Title"],
  ])("turns %s into single spaces", (_name, input, expected) => {
    expect(subjectLine(input)).toBe(expected);
  });

  it("cuts a long subject to the limit with an ellipsis, and the sender accepts it", () => {
    const subject = subjectLine(`You won "${"Automate invoices ".repeat(20)}" on Automatch`);
    expect(subject).toHaveLength(SUBJECT_MAX);
    expect(subject.endsWith("…")).toBe(true);
    expect(unsendableReason({ toAddress: "ada@example.com", subject })).toBeNull();
  });

  it("leaves a subject of exactly the limit whole", () => {
    const subject = "x".repeat(SUBJECT_MAX);
    expect(subjectLine(subject)).toBe(subject);
  });
});
