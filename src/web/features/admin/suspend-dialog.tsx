// Suspending an account (decision 135), from the Users tab and from a report of one of its messages: the
// same act and the same reason asked; each place names the account its own way.
import type { ReactNode } from "react";
import { MODERATION_REASON_MAX } from "@/shared/reports";
import { ReasonDialog } from "@/web/components/reason-dialog";
import { useSuspendUser } from "./moderation-api";

export function SuspendDialog({
  userId,
  trigger,
  title,
  who,
}: {
  userId: number;
  trigger: ReactNode;
  title: string;
  /** Who is signed out, as the description's subject. */
  who: string;
}) {
  const suspend = useSuspendUser();
  return (
    <ReasonDialog
      trigger={trigger}
      title={title}
      description={`${who} will be signed out everywhere at once and cannot sign in until an admin reinstates the account. The open reports of their messages are resolved.`}
      label="Reason"
      confirmLabel="Suspend account"
      pendingLabel="Suspending..."
      pending={suspend.isPending}
      destructive
      maxLength={MODERATION_REASON_MAX}
      onConfirm={({ text }, { close }) => suspend.mutate({ id: userId, reason: text }, { onSuccess: close })}
    />
  );
}
