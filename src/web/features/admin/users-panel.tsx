import { useState } from "react";
import type { AdminUser } from "@/shared/admin";
import { COMPANY_STATUS_LABELS } from "@/shared/companies";
import { EXPORT_PATHS } from "@/shared/exports";
import { USER_TYPES, type UserType } from "@/shared/users";
import { ConfirmDialog } from "@/web/components/ui/alert-dialog";
import { Button } from "@/web/components/ui/button";
import { useAuth } from "@/web/lib/auth";
import { formatDate, formatDateTime } from "@/web/lib/format";
import { useSetUserRole } from "./api";
import { type Column, KeysetPanel } from "./keyset-panel";
import { capitalizedOptions, RowSelect } from "./list-controls";
import { useReinstateUser } from "./moderation-api";
import PANEL_TEXTS from "./panel-texts.json";
import { SuspendedBadge } from "./reports-panel";
import { SuspendDialog } from "./suspend-dialog";

const TYPE_OPTIONS = capitalizedOptions(USER_TYPES);

/** Decision 094, as the confirmation says it. */
function whatHappens(user: AdminUser, next: UserType, self: boolean): string {
  const name = self ? "You" : `${user.firstName} ${user.lastName}`;
  const parts = [
    `${name} will be ${next === "admin" ? "an admin" : `a ${next}`} from ${self ? "your" : "their"} next click on.`,
  ];
  if (user.userType === "admin") parts.push(`${name} will lose access to the admin portal.`);
  if (next === "admin") parts.push(`${name} will see every user, request and alert, and can change them.`);
  if (user.company && next !== "provider") {
    parts.push(`${user.company.name} is kept but receives no leads; its subscription is not cancelled.`);
  }
  return parts.join(" ");
}

function RoleControls({ user, self }: { user: AdminUser; self: boolean }) {
  const setRole = useSetUserRole();
  const [choosing, setChoosing] = useState<UserType | null>(null);
  const toggleTo: UserType = user.userType === "admin" ? "client" : "admin";
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="outline" disabled={setRole.isPending}>
            {toggleTo === "admin" ? "Make Admin" : "Remove Admin"}
          </Button>
        }
        title={toggleTo === "admin" ? `Make ${user.email} an admin?` : `Remove ${user.email}'s admin role?`}
        description={whatHappens(user, toggleTo, self)}
        confirmLabel={toggleTo === "admin" ? "Make Admin" : "Remove Admin"}
        cancelLabel="Cancel"
        confirmVariant={toggleTo === "admin" ? "default" : "destructive"}
        onConfirm={() => setRole.mutate({ id: user.id, userType: toggleTo })}
      />
      <RowSelect
        id={`role-${user.id}`}
        label={`Role of ${user.email}`}
        value={user.userType}
        disabled={setRole.isPending}
        onChange={(value) => setChoosing(value as UserType)}
        options={TYPE_OPTIONS}
      />
      <ConfirmDialog
        open={choosing !== null}
        onOpenChange={(open) => {
          if (!open) setChoosing(null);
        }}
        title={`Make ${user.email} ${choosing === "admin" ? "an admin" : `a ${choosing ?? ""}`}?`}
        description={choosing ? whatHappens(user, choosing, self) : ""}
        confirmLabel="Change role"
        cancelLabel="Cancel"
        confirmVariant="default"
        pending={setRole.isPending}
        pendingLabel="Updating..."
        onConfirm={() => {
          if (choosing) setRole.mutate({ id: user.id, userType: choosing }, { onSettled: () => setChoosing(null) });
        }}
      />
    </div>
  );
}

/** Suspend (with a reason) or reinstate an account (decision 135); not one's own. */
function SuspensionControls({ user, self }: { user: AdminUser; self: boolean }) {
  const reinstate = useReinstateUser();
  if (self) return null;
  if (user.suspendedAt) {
    return (
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="outline" disabled={reinstate.isPending}>
            Reinstate
          </Button>
        }
        title={`Reinstate ${user.email}?`}
        description={`${user.firstName} ${user.lastName} will be able to sign in again.`}
        confirmLabel="Reinstate"
        cancelLabel="Cancel"
        confirmVariant="default"
        onConfirm={() => reinstate.mutate(user.id)}
      />
    );
  }
  return (
    <SuspendDialog
      userId={user.id}
      trigger={
        <Button size="sm" variant="outline">
          Suspend
        </Button>
      }
      title={`Suspend ${user.email}?`}
      who={`${user.firstName} ${user.lastName}`}
    />
  );
}

function userColumns(meId: number | undefined): readonly Column<AdminUser>[] {
  return [
    {
      header: "User",
      cell: (u) => (
        <>
          <span className="font-medium text-slate-900">
            {u.firstName} {u.lastName}
          </span>
          {u.suspendedAt ? (
            <span className="ml-2" title={u.suspendedReason ?? undefined}>
              <SuspendedBadge />
            </span>
          ) : null}
          <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">{u.email}</span>
        </>
      ),
    },
    {
      header: "Type",
      cell: (u) => (
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold uppercase text-slate-800">
          {u.userType}
        </span>
      ),
    },
    {
      header: "Company",
      cell: (u) => (u.company ? `${u.company.name} (${COMPANY_STATUS_LABELS[u.company.status].toLowerCase()})` : "—"),
    },
    { header: "Joined", cell: (u) => formatDate(u.createdAt), className: "whitespace-nowrap" },
    {
      header: "Last sign-in",
      cell: (u) => (u.lastSignInAt ? formatDateTime(u.lastSignInAt) : "Never"),
      className: "whitespace-nowrap",
    },
    {
      header: "Role",
      cell: (u) => (
        <div className="flex flex-wrap items-center gap-2">
          <RoleControls user={u} self={u.id === meId} />
          <SuspensionControls user={u} self={u.id === meId} />
        </div>
      ),
    },
  ];
}

/** Spec screen 10, Users tab: every account; 'Make Admin' and 'Remove Admin' (and any role) behind a confirmation. */
export function UsersPanel() {
  const { user: me } = useAuth();
  return (
    <KeysetPanel<AdminUser>
      texts={PANEL_TEXTS.users}
      options={TYPE_OPTIONS}
      csv={{ path: EXPORT_PATHS.adminUsers, what: "the users" }}
      columns={userColumns(me?.id)}
    />
  );
}
