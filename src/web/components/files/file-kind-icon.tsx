// One icon per kind of file (src/shared/files.ts), so that lists of files read the same everywhere.
import {
  File,
  FileArchive,
  FileImage,
  FileSpreadsheet,
  FileText,
  FileType,
  type LucideIcon,
  Presentation,
  Workflow,
} from "lucide-react";
import type { FileKind } from "@/shared/files";
import { cn } from "@/web/lib/cn";

const ICONS: Record<FileKind, LucideIcon> = {
  pdf: FileText,
  image: FileImage,
  document: FileType,
  spreadsheet: FileSpreadsheet,
  presentation: Presentation,
  diagram: Workflow,
  archive: FileArchive,
  text: FileText,
};

export function FileKindIcon({ kind, className }: { kind: FileKind | null; className?: string }) {
  const Icon = kind ? ICONS[kind] : File;
  return <Icon className={cn("h-5 w-5 shrink-0 text-slate-500", className)} aria-hidden="true" />;
}
