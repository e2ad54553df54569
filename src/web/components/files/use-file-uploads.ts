// The files a person is attaching to something not yet sent (a request, a message, a quote): each is
// checked in the browser (type, size, how many), uploaded on its own with its progress (POST /api/files),
// and can be removed, which stops its upload or deletes the upload. What is sent later is the ids of the
// uploaded ones. The server checks everything again; these checks only spare a useless upload.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  ACCEPTED_FILE_TYPES,
  FILE_MAX_BYTES,
  FILE_MESSAGES,
  FILES_PER_ITEM,
  type FileKind,
  filePath,
  type StoredFile,
} from "@/shared/files";
import { apiRequest, errorMessage, sendFile, UploadAbortedError } from "@/web/lib/api";

/** Files uploading at once from one list; the server takes UPLOADS_AT_ONCE_MAX a person. */
const UPLOADS_AT_ONCE = 3;

export type UploadItem = {
  /** This list's own key: a file has no id before the server answers. */
  key: string;
  name: string;
  size: number;
  /** The kind its name suggests, for the icon until the server has said. */
  kind: FileKind | null;
  status: "uploading" | "uploaded" | "failed";
  /** 0 to 1, while uploading. */
  progress: number;
  /** Why it was refused, in the browser or by the server. */
  error: string | null;
  /** The server's answer, once uploaded. */
  file: StoredFile | null;
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

function kindOfName(name: string): FileKind | null {
  const ext = extensionOf(name);
  return ACCEPTED_FILE_TYPES.find((t) => (t.extensions as readonly string[]).includes(ext))?.kind ?? null;
}

/** Why a file cannot be uploaded, as far as the browser can tell; null when it may be tried. */
export function checkFile(file: { name: string; size: number }): string | null {
  if (kindOfName(file.name) === null) return FILE_MESSAGES.refusedType(file.name);
  if (file.size > FILE_MAX_BYTES) return FILE_MESSAGES.tooLarge(file.name);
  if (file.size === 0) return FILE_MESSAGES.empty(file.name);
  return null;
}

let lastKey = 0;
const nextKey = () => `upload-${++lastKey}`;

const fromStored = (file: StoredFile): UploadItem => ({
  key: nextKey(),
  name: file.name,
  size: file.size,
  kind: file.kind,
  status: "uploaded",
  progress: 1,
  error: null,
  file,
});

export type FileUploads = {
  items: readonly UploadItem[];
  /** The files uploaded and not removed: what to send. */
  uploaded: StoredFile[];
  /** Some file is still on its way: sending now would leave it out. */
  busy: boolean;
  /** A message about the whole set (too many files), beside the per-file ones. */
  notice: string | null;
  /** What a screen reader is told last: "report.pdf uploaded", "report.pdf removed". */
  announcement: string;
  add: (files: readonly File[]) => void;
  /** Stops the file's upload, or deletes it once uploaded, and takes it off the list. */
  remove: (key: string) => void;
  /** Removes every file (a form given up). */
  discard: () => void;
  /** Forgets every file without deleting it: they were sent, and belong to what they were sent with. */
  reset: () => void;
};

/**
 * `max`: how many files this may still hold (FILES_PER_ITEM less those already attached). `initial`:
 * uploads made earlier and kept with a draft.
 */
export function useFileUploads({
  max = FILES_PER_ITEM,
  initial,
}: {
  max?: number;
  initial?: readonly StoredFile[];
} = {}): FileUploads {
  const [items, setItems] = useState<UploadItem[]>(() => (initial ?? []).map(fromStored));
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // The list as of now, for the checks of a second drop before React has rendered the first.
  const current = useRef(items);
  const aborts = useRef(new Map<string, () => void>());

  const update = useCallback((change: (items: UploadItem[]) => UploadItem[]) => {
    current.current = change(current.current);
    setItems(current.current);
  }, []);
  const patch = useCallback(
    (key: string, fields: Partial<UploadItem>) =>
      update((list) => list.map((i) => (i.key === key ? { ...i, ...fields } : i))),
    [update],
  );

  // Leaving the page stops what is still uploading; what was uploaded is swept by the server.
  useEffect(() => {
    const running = aborts.current;
    return () => {
      for (const abort of running.values()) abort();
    };
  }, []);

  // At most UPLOADS_AT_ONCE files go up at once (the server takes a few per person); the others wait.
  const waiting = useRef<[string, File][]>([]);
  const next = useRef<() => void>(() => undefined);

  const start = useCallback(
    (key: string, file: File) => {
      if (aborts.current.size >= UPLOADS_AT_ONCE) {
        waiting.current.push([key, file]);
        return;
      }
      const upload = sendFile<StoredFile>(`/api/files?name=${encodeURIComponent(file.name)}`, file, (progress) =>
        patch(key, { progress }),
      );
      aborts.current.set(key, upload.abort);
      upload.done
        .then((stored) => {
          patch(key, { status: "uploaded", progress: 1, file: stored, kind: stored.kind, name: stored.name });
          setAnnouncement(`${stored.name} uploaded`);
        })
        .catch((err: unknown) => {
          if (err instanceof UploadAbortedError) return;
          patch(key, { status: "failed", error: errorMessage(err, "The upload failed. Try again.") });
        })
        .finally(() => {
          aborts.current.delete(key);
          next.current();
        });
    },
    [patch],
  );
  next.current = () => {
    const first = waiting.current.shift();
    if (first) start(...first);
  };

  const add = useCallback(
    (files: readonly File[]) => {
      setNotice(null);
      let room = max - current.current.filter((i) => i.status !== "failed").length;
      const added: UploadItem[] = [];
      const toStart: [string, File][] = [];
      for (const file of files) {
        const key = nextKey();
        const base = { key, name: file.name, size: file.size, kind: kindOfName(file.name), file: null };
        const refusal = checkFile(file);
        if (refusal) {
          added.push({ ...base, status: "failed", progress: 0, error: refusal });
        } else if (room <= 0) {
          setNotice(FILE_MESSAGES.tooMany);
        } else {
          room -= 1;
          added.push({ ...base, status: "uploading", progress: 0, error: null });
          toStart.push([key, file]);
        }
      }
      update((list) => [...list, ...added]);
      for (const [key, file] of toStart) start(key, file);
    },
    [max, start, update],
  );

  const drop = useCallback((item: UploadItem) => {
    waiting.current = waiting.current.filter(([key]) => key !== item.key);
    aborts.current.get(item.key)?.();
    // A failed delete leaves an upload nobody sends: the server sweeps it within a day.
    if (item.file) apiRequest("DELETE", filePath(item.file.id)).catch(() => undefined);
  }, []);

  const remove = useCallback(
    (key: string) => {
      const item = current.current.find((i) => i.key === key);
      if (!item) return;
      drop(item);
      update((list) => list.filter((i) => i.key !== key));
      setNotice(null);
      setAnnouncement(`${item.name} removed`);
    },
    [drop, update],
  );

  const discard = useCallback(() => {
    for (const item of current.current) drop(item);
    update(() => []);
    setNotice(null);
  }, [drop, update]);

  const reset = useCallback(() => {
    update(() => []);
    setNotice(null);
  }, [update]);

  const uploaded = useMemo(() => items.flatMap((i) => (i.status === "uploaded" && i.file ? [i.file] : [])), [items]);
  return {
    items,
    uploaded,
    busy: items.some((i) => i.status === "uploading"),
    notice,
    announcement,
    add,
    remove,
    discard,
    reset,
  };
}
