import { AlertDialog as A } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "./button";

type ConfirmDialogProps = {
  /** What opens it; none when the caller opens it (controlled, from a select's change, say). */
  trigger?: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  pending?: boolean;
  pendingLabel?: string;
  onConfirm: () => void;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** A confirmation that is not destructive (hiring a provider, say) uses the default look. */
  confirmVariant?: "destructive" | "default";
};

/**
 * A confirmation for an action that cannot be undone: focus is trapped in the dialog, Escape and the
 * cancel button close it, and the trigger gets focus back.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = "Keep it",
  pending = false,
  pendingLabel,
  onConfirm,
  open,
  onOpenChange,
  confirmVariant = "destructive",
}: ConfirmDialogProps) {
  return (
    <A.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <A.Trigger asChild>{trigger}</A.Trigger> : null}
      <A.Portal>
        <A.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <A.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-slate-200 bg-white p-6 shadow-lg">
          <A.Title className="text-lg font-semibold text-slate-900">{title}</A.Title>
          <A.Description className="mt-2 text-sm text-slate-600">{description}</A.Description>
          <div className="mt-6 flex justify-end gap-3">
            <A.Cancel asChild>
              <Button variant="outline" disabled={pending}>
                {cancelLabel}
              </Button>
            </A.Cancel>
            {open === undefined ? (
              // Uncontrolled: close at once and let the page show the call's progress.
              <A.Action asChild>
                <Button variant={confirmVariant} disabled={pending} onClick={onConfirm}>
                  {confirmLabel}
                </Button>
              </A.Action>
            ) : (
              // Controlled: stay open until the caller's call has answered (not A.Action, which closes).
              <Button variant={confirmVariant} disabled={pending} onClick={onConfirm}>
                {pending && pendingLabel ? pendingLabel : confirmLabel}
              </Button>
            )}
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}

/**
 * An outline button that asks first (a row's Delete, Revoke, Rotate Secret; cancelling a subscription).
 * The dialog closes on confirming; while the confirmed call runs the button is off and says so.
 */
export function ConfirmButton({
  label,
  busyLabel,
  busy,
  ariaLabel,
  size,
  ...dialog
}: Omit<ConfirmDialogProps, "trigger" | "open" | "onOpenChange" | "pending" | "pendingLabel"> & {
  label: string;
  /** In place of the label while the call runs: "Deleting...". */
  busyLabel: string;
  busy: boolean;
  /** Names what the button acts on where a list shows several ("Delete Acme CRM"). */
  ariaLabel?: string;
  size?: "sm";
}) {
  return (
    <ConfirmDialog
      {...dialog}
      trigger={
        <Button variant="outline" size={size} disabled={busy} aria-label={ariaLabel}>
          {busy ? busyLabel : label}
        </Button>
      }
    />
  );
}
