// The one HTTP client of the browser (spec section 7 and 8).
// Every call sends the session cookie; a JSON content-type and body are added only when a body exists.
// The X-Requested-With header marks the call as ours: the server refuses state changes without it or a
// JSON body, so that a cross-site form cannot make them.

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

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const headers: Record<string, string> = { "X-Requested-With": "fetch" };
  const init: RequestInit = { method, headers, credentials: "include" };
  if (data !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(data);
  }
  const res = await fetch(url, init);
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new ApiError(res.status, text, res.statusText);
  }
  return res;
}

/** Reads JSON; with on401 "returnNull", a 401 answers null instead of failing (spec section 7). */
export async function getJson<T>(url: string, on401: "throw" | "returnNull" = "throw"): Promise<T | null> {
  const res = await fetch(url, { credentials: "include", headers: { "X-Requested-With": "fetch" } });
  if (on401 === "returnNull" && res.status === 401) return null;
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new ApiError(res.status, text, res.statusText);
  }
  return (await res.json()) as T;
}

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
