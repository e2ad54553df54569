// CSV exports (issue 32 part 3, decision 175): a provider's leads and quotes, the admin's requests and
// users, each with the filters of its list. The addresses live here once: the server declares its
// routes with them and the pages link to them with the list's filters.
import type { z } from "zod";
import { adminRequestsQuerySchema, adminUsersQuerySchema } from "./admin";

export const EXPORT_PATHS = {
  leads: "/api/exports/leads.csv",
  quotes: "/api/exports/quotes.csv",
  adminRequests: "/api/admin/exports/requests.csv",
  adminUsers: "/api/admin/exports/users.csv",
} as const;

/** The Requests tab's filters without its paging: an export holds every row they select. */
export const adminRequestsExportQuerySchema = adminRequestsQuerySchema.omit({ cursor: true, limit: true });
export type AdminRequestsExportQuery = z.infer<typeof adminRequestsExportQuerySchema>;

/** The Users tab's filters without its paging. */
export const adminUsersExportQuerySchema = adminUsersQuerySchema.omit({ cursor: true, limit: true });
export type AdminUsersExportQuery = z.infer<typeof adminUsersExportQuerySchema>;

/** An export's address with the list's filters; an empty filter is left out, as the list leaves it out. */
export function exportHref(path: string, filters: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
