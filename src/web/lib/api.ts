// The one HTTP client of the browser (spec section 7 and 8).
// Every call sends the session cookie; a JSON content-type and body are added only when a body exists.
// No custom header is needed: the server tells the site's own calls from cross-site ones by what the
// browser says (Sec-Fetch-Site, Origin; decision 100).

import { nextLink } from "@/shared/next-link";

export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, body: string, statusText: string) {
    // Spec section 8: "<status>: <body text, or status text if the body is empty>"
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

async function failed(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  return new ApiError(res.status, text, res.statusText);
}

/** `extraHeaders`: what one call needs besides the defaults, such as an Idempotency-Key (decision 110). */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...extraHeaders };
  const init: RequestInit = { method, headers, credentials: "include" };
  if (data !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(data);
  }
  const res = await fetch(url, init);
  if (!res.ok) throw await failed(res);
  // Read here, as some callers ignore the answer: an API answer is no-store (decision 105), and the
  // browser holds such a request open until its body is read.
  const body = await res.text();
  return new Response(body === "" ? null : body, {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
}

/** A state change whose answer is JSON (the changed object). */
export async function requestJson<T>(
  method: string,
  url: string,
  data?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<T> {
  return (await (await apiRequest(method, url, data, extraHeaders)).json()) as T;
}

async function readJson(url: string): Promise<Response> {
  return fetch(url, { credentials: "include" });
}

/** Reads JSON; any answer but 2xx fails with an ApiError. */
export async function getJson<T>(url: string): Promise<T> {
  const res = await readJson(url);
  if (!res.ok) throw await failed(res);
  return (await res.json()) as T;
}

/** One page of a list the server answers as an array, and the next page's address from its Link header (decision 104). */
export type ArrayPage<T> = { items: T[]; next: string | null };

export async function getArrayPage<T>(url: string): Promise<ArrayPage<T>> {
  const res = await readJson(url);
  if (!res.ok) throw await failed(res);
  return { items: (await res.json()) as T[], next: nextLink(res.headers.get("link")) };
}

/**
 * Reads JSON for whoever is signed in; a 401 answers null, because it only says that nobody is (spec
 * section 7). Any other failure fails as in getJson.
 */
export async function getJsonIfSignedIn<T>(url: string): Promise<T | null> {
  const res = await readJson(url);
  if (res.status === 401) {
    await res.text().catch(() => undefined);
    return null;
  }
  if (!res.ok) throw await failed(res);
  return (await res.json()) as T;
}

/** The outcome callbacks a page hands a feature's mutation hook, for its own state (a form, a dialog). */
export type MutationCallbacks<TData = unknown> = {
  onSuccess?: (data: TData) => void;
  onError?: (err: Error) => void;
};

/** The human part of an API error: the server's `message` field when the body is JSON. */
export function errorMessage(err: unknown, fallback = "Please try again later."): string {
  if (err instanceof ApiError) {
    try {
      const parsed = JSON.parse(err.body) as { message?: unknown };
      if (typeof parsed.message === "string" && parsed.message) return parsed.message;
    } catch {
      // not JSON: fall through to the whole "<status>: <text>" message
    }
    return err.message;
  }
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/** The fields a 400 names (`issues` of the server's answer), for a form to show beside each field. */
export function fieldIssues(err: unknown): { field: string; message: string }[] {
  if (!(err instanceof ApiError) || err.status !== 400) return [];
  try {
    const parsed = JSON.parse(err.body) as { issues?: unknown };
    if (!Array.isArray(parsed.issues)) return [];
    return parsed.issues.filter(
      (i): i is { field: string; message: string } =>
        typeof i?.field === "string" && i.field !== "" && typeof i?.message === "string",
    );
  } catch {
    return [];
  }
}

/** An upload under way: its answer, and the way to stop it. */
export type FileUpload<T> = { done: Promise<T>; abort: () => void };

/** Why an upload ended without an answer: the person removed the file, or the connection failed. */
export class UploadAbortedError extends Error {
  constructor() {
    super("The upload was stopped.");
    this.name = "UploadAbortedError";
  }
}

/**
 * Sends a file as the whole body of a POST (issue 33: POST /api/files?name=), with its progress.
 * XMLHttpRequest rather than fetch, as only it reports an upload's progress; the browser adds the same
 * Sec-Fetch-Site and Origin as to the calls above, so the server sees one of the site's own calls.
 * A refusal fails with an ApiError, whose `message` errorMessage() reads.
 */
export function sendFile<T>(url: string, file: File, onProgress: (fraction: number) => void): FileUpload<T> {
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
        }
        return;
      }
      reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.onerror = () => reject(new Error("The upload failed. Check your connection and try again."));
    xhr.onabort = () => reject(new UploadAbortedError());
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}
