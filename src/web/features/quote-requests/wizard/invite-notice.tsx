// The wizard's note of the provider the client invited (decision 172): whom the request goes to first,
// or why it cannot, with a way to remove the invitation. An address no listed provider has shows nothing.
import { UserCheck } from "lucide-react";
import { Button } from "@/web/components/ui/button";

export function InviteNotice({
  name,
  refused,
  onRemove,
}: {
  /** The provider's name from its public profile; undefined while it loads or when no provider has the address. */
  name: string | undefined;
  refused: string | null;
  onRemove: () => void;
}) {
  if (!name && !refused) return null;
  return (
    <div
      role={refused ? "alert" : "status"}
      data-testid="invite-notice"
      className={`mb-6 flex items-start gap-3 rounded-md border p-4 text-sm ${
        refused ? "border-red-200 bg-red-50 text-red-900" : "border-blue-200 bg-blue-50 text-slate-800"
      }`}
    >
      <UserCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p className="flex-1">
        {refused ?? (
          <>
            Your request goes to <strong>{name}</strong> first. Other matched providers fill the remaining places.
          </>
        )}
      </p>
      <Button type="button" variant="outline" size="sm" onClick={onRemove}>
        Remove{name ? ` ${name}` : " the invitation"}
      </Button>
    </div>
  );
}
