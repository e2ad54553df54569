import { describe, expect, it } from "vitest";
import { FILE_MAX_BYTES, FILE_MESSAGES } from "@/shared/files";
import { checkFile } from "./use-file-uploads";

describe("checkFile", () => {
  it("lets an accepted type of any case through, up to 25 MB", () => {
    expect(checkFile({ name: "Process Map.PDF", size: 1000 })).toBeNull();
    expect(checkFile({ name: "flow.bpmn", size: FILE_MAX_BYTES })).toBeNull();
  });
  it("refuses a name without an accepted extension", () => {
    expect(checkFile({ name: "setup.exe", size: 10 })).toBe(FILE_MESSAGES.refusedType("setup.exe"));
    expect(checkFile({ name: "README", size: 10 })).toBe(FILE_MESSAGES.refusedType("README"));
  });
  it("refuses a file over 25 MB, and an empty one", () => {
    expect(checkFile({ name: "scan.pdf", size: FILE_MAX_BYTES + 1 })).toBe(FILE_MESSAGES.tooLarge("scan.pdf"));
    expect(checkFile({ name: "notes.txt", size: 0 })).toBe(FILE_MESSAGES.empty("notes.txt"));
  });
});
