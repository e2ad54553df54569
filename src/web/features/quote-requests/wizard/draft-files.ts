// The process documents uploaded in the wizard (issue 33), kept beside its draft in sessionStorage, so
// that a reload or Previous/Next loses none of them until the request is sent with their ids.
import { z } from "zod";
import { type StoredFile, storedFileSchema } from "@/shared/files";
import { sessionItem } from "./session-item";

const files = sessionItem("automatch:quote-request-files");
const storedFilesSchema = z.array(storedFileSchema);

export function loadDraftFiles(userId: number): StoredFile[] {
  const parsed = storedFilesSchema.safeParse(files.read(userId));
  return parsed.success ? parsed.data : [];
}

export const saveDraftFiles = (userId: number, uploaded: readonly StoredFile[]): void => files.save(userId, uploaded);

export const clearDraftFiles = (userId: number): void => files.clear(userId);
