// The Users tab: every account with its company and last sign-in, and the role change
// (PATCH /api/admin/users/{id}/role; 'Make Admin' / 'Remove Admin'). What a role change does is
// decision 094. The role is read from the user's row on every request (http/session.ts), so a
// change takes effect on the user's next request, open sessions included.
import { and, desc, eq, sql } from "drizzle-orm";
import { isDeletedAccountEmail } from "@/shared/account";
import {
  type AdminUser,
  type AdminUsersQuery,
  adminUserSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  idParamsSchema,
  setUserRoleSchema,
} from "@/shared/admin";
import type { CompanyStatus } from "@/shared/companies";
import { pick } from "@/shared/pick";
import { suspendUserSchema } from "@/shared/reports";
import type { UserType } from "@/shared/users";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema/companies";
import { sessions } from "../../db/schema/sessions";
import { type UserRow, users } from "../../db/schema/users";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors";
import { idCursor, keysetSearch, pageLimit, toPage } from "../../http/paging";
import { currentUser } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { endUserStreams } from "../../live/publish";
import { logActivity } from "../activity/service";
import { revokeAllApiTokens } from "../auth/api-tokens";
import { withdrawCompanyLeads } from "../leads/service";
import type { MessagingDeps } from "../notifications/service";
import { resolveReportsOfAuthor } from "../reports/service";
import { adminListRoute, adminRoute } from "./errors";

const USER_NOT_FOUND = "No user has this id.";
export const LAST_ADMIN_MESSAGE =
  "You are the only admin: removing your admin role would leave nobody to run the marketplace. Make another user an admin first.";

export const DELETED_ACCOUNT_ROLE_MESSAGE = "This account was deleted by its owner: its role cannot change.";
const DELETED_ACCOUNT_SUSPEND_MESSAGE = "This account was deleted by its owner: there is nothing to suspend.";

// The same expression as the trigram index users_name_trgm_idx, so that the index serves the search.
const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;

const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  userType: users.userType,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
  suspendedAt: users.suspendedAt,
  suspendedReason: users.suspendedReason,
  companyId: companies.id,
  companyName: companies.name,
  companyStatus: companies.status,
};

type Row = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  createdAt: Date;
  lastSignInAt: Date | null;
  suspendedAt: Date | null;
  suspendedReason: string | null;
  companyId: number | null;
  companyName: string | null;
  companyStatus: CompanyStatus | null;
};

function toAdminUser(r: Row): AdminUser {
  return {
    ...pick(r, ["id", "email", "firstName", "lastName", "userType", "suspendedReason"]),
    company:
      r.companyId !== null && r.companyName !== null && r.companyStatus !== null
        ? { id: r.companyId, name: r.companyName, status: r.companyStatus }
        : null,
    createdAt: r.createdAt.toISOString(),
    lastSignInAt: r.lastSignInAt?.toISOString() ?? null,
    suspendedAt: r.suspendedAt?.toISOString() ?? null,
  };
}

const selectRows = (db: Db) => db.select(columns).from(users).leftJoin(companies, eq(companies.userId, users.id));

export async function listUsers(db: Db, query: AdminUsersQuery) {
  const after = idCursor(query.cursor);
  const limit = pageLimit(query.limit);
  const conditions = [
    query.userType ? eq(users.userType, query.userType) : undefined,
    ...keysetSearch(users.id, after, query.q, [users.email, fullName]),
  ];
  const rows = await selectRows(db)
    .where(and(...conditions))
    .orderBy(desc(users.id))
    .limit(limit + 1);
  return toPage(rows, limit, toAdminUser, (r) => r.id);
}

async function findUser(db: Db, id: number): Promise<AdminUser> {
  const [row] = await selectRows(db).where(eq(users.id, id)).limit(1);
  if (!row) throw new NotFoundError(USER_NOT_FOUND);
  return toAdminUser(row);
}

/**
 * Sets a user's role. Taking the admin role away locks every admin row first, so that two admins
 * removing each other's role at once cannot leave the marketplace without one.
 */
export async function setUserRole(db: Db, admin: UserRow, id: number, userType: UserType): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    // The caller's own role may have been taken since the request began.
    const admins = await lockActiveAdmins(tx, admin);
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for("update").limit(1);
    if (!target) throw new NotFoundError(USER_NOT_FOUND);
    // A deleted account is a stand-in that keeps others' records whole; nobody can sign in to it.
    if (isDeletedAccountEmail(target.email)) throw new ConflictError(DELETED_ACCOUNT_ROLE_MESSAGE);
    if (target.userType === userType) return findUser(tx, id);
    // A suspended admin cannot run the marketplace (decision 135): an admin in good standing must remain.
    if (target.userType === "admin" && !admins.some((a) => a.id !== id)) throw new ConflictError(LAST_ADMIN_MESSAGE);
    await tx.update(users).set({ userType, updatedAt: sql`now()` }).where(eq(users.id, id));
    await logActivity(tx, {
      adminId: admin.id,
      action: "update_user_role",
      resourceType: "user",
      resourceId: id,
      details: { email: target.email, oldUserType: target.userType, newUserType: userType },
    });
    return findUser(tx, id);
  });
}

export const SELF_SUSPEND_MESSAGE = "You cannot suspend your own account.";
export const LAST_ADMIN_SUSPEND_MESSAGE =
  "This is the only admin who is not suspended: suspending them would leave nobody to run the marketplace.";

/**
 * Suspends an account (decision 135): it cannot sign in, its sessions end now (its open streams are
 * told, in the same transaction), and the open reports of its messages are resolved. Every admin row is
 * locked first, as for a role change, so that two admins suspending each other at once cannot both win.
 */
export async function suspendUser(deps: MessagingDeps, admin: UserRow, id: number, reason: string): Promise<AdminUser> {
  return deps.db.transaction(async (tx) => {
    const activeAdmins = await lockActiveAdmins(tx, admin);
    if (id === admin.id) throw new ConflictError(SELF_SUSPEND_MESSAGE);
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for("update").limit(1);
    if (!target) throw new NotFoundError(USER_NOT_FOUND);
    if (isDeletedAccountEmail(target.email)) throw new ConflictError(DELETED_ACCOUNT_SUSPEND_MESSAGE);
    if (target.suspendedAt) throw new ConflictError("This account is already suspended.");
    if (target.userType === "admin" && activeAdmins.filter((a) => a.id !== id).length === 0) {
      throw new ConflictError(LAST_ADMIN_SUSPEND_MESSAGE);
    }
    const [updated] = await tx
      .update(users)
      .set({ suspendedAt: sql`now()`, suspendedReason: reason, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning({ suspendedAt: users.suspendedAt });
    await tx.delete(sessions).where(eq(sessions.userId, id));
    // Its API tokens too: reinstating the account does not bring them back (decision 174).
    await revokeAllApiTokens(tx, id, deps.now());
    await endUserStreams(tx, [id]);
    const resolvedReports = await resolveReportsOfAuthor(tx, admin, id, reason);
    // A provider's open leads go back to matching and its pending quotes are withdrawn, the clients
    // told (decision 151): a suspended company cannot answer them.
    const [company] = await tx
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.userId, id));
    const withdrawn = company ? await withdrawCompanyLeads(tx, deps, company) : { leads: 0, quotes: 0 };
    await logActivity(tx, {
      adminId: admin.id,
      action: "suspend_user",
      resourceType: "user",
      resourceId: id,
      details: {
        email: target.email,
        oldSuspendedAt: null,
        newSuspendedAt: updated?.suspendedAt?.toISOString() ?? null,
        oldSuspendedReason: null,
        newSuspendedReason: reason,
        resolvedReports,
        leadsWithdrawn: withdrawn.leads,
        quotesWithdrawn: withdrawn.quotes,
      },
    });
    return findUser(tx, id);
  });
}

/** Lifts a suspension: the account may sign in again (with a new session: none survives the suspension). */
export async function reinstateUser(db: Db, admin: UserRow, id: number): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    await lockActiveAdmins(tx, admin);
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for("update").limit(1);
    if (!target) throw new NotFoundError(USER_NOT_FOUND);
    if (!target.suspendedAt) throw new ConflictError("This account is not suspended.");
    await tx
      .update(users)
      .set({ suspendedAt: null, suspendedReason: null, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    // A session begun in a race with the suspension (its password checked just before) was refused on
    // every request while suspended; it is not brought back to life now.
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await logActivity(tx, {
      adminId: admin.id,
      action: "reinstate_user",
      resourceType: "user",
      resourceId: id,
      details: {
        email: target.email,
        oldSuspendedAt: target.suspendedAt.toISOString(),
        newSuspendedAt: null,
        oldSuspendedReason: target.suspendedReason,
        newSuspendedReason: null,
      },
    });
    return findUser(tx, id);
  });
}

/** The admins in good standing, locked; a 403 when the caller is no longer one of them. */
async function lockActiveAdmins(tx: Db, admin: UserRow) {
  const admins = await tx
    .select({ id: users.id, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.userType, "admin"))
    .orderBy(users.id)
    .for("update");
  const active = admins.filter((a) => a.suspendedAt === null);
  if (!active.some((a) => a.id === admin.id)) throw new ForbiddenError("This is only for admins.");
  return active;
}

export const userRoutes: RoutePlugin = async (app, deps) => {
  adminListRoute(app, "/api/admin/users", { page: adminUsersPageSchema, query: adminUsersQuerySchema }, listUsers);

  app.patch(
    "/api/admin/users/:id/role",
    adminRoute(adminUserSchema, { params: idParamsSchema, body: setUserRoleSchema }),
    async (request) => setUserRole(app.db, currentUser(request), request.params.id, request.body.userType),
  );

  app.patch(
    "/api/admin/users/:id/suspend",
    adminRoute(adminUserSchema, { params: idParamsSchema, body: suspendUserSchema }),
    async (request) => suspendUser(deps, currentUser(request), request.params.id, request.body.reason),
  );

  app.patch(
    "/api/admin/users/:id/reinstate",
    adminRoute(adminUserSchema, { params: idParamsSchema }),
    async (request) => reinstateUser(app.db, currentUser(request), request.params.id),
  );
};
