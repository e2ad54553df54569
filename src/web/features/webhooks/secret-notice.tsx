// An endpoint's signing secret, the one time it is shown: after the endpoint is added and after a
// rotation. The server keeps no way to show it again (the list has only its first characters).
import { Check, Copy } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/form-controls";
import { toast } from "@/web/components/ui/use-toast";

export function SecretNotice({ secret, rotated, onDone }: { secret: string; rotated: boolean; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const warningId = useId();
  const noteId = useId();
  // The focus goes to the secret, and a screen reader reads the warning with it.
  useEffect(() => {
    input.current?.focus();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard (an older browser, a permission refused): the secret is selected for the keyboard.
      input.current?.select();
      toast({
        title: "Copy It Yourself",
        description: "The secret is selected: press Ctrl+C (⌘C on a Mac) to copy it.",
      });
    }
  };

  return (
    <div className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4" data-testid="webhook-secret">
      <p id={warningId} className="text-sm font-semibold text-amber-950">
        Copy this signing secret now: it is not shown again.
      </p>
      <p id={noteId} className="text-sm text-amber-950">
        {rotated
          ? "The previous secret keeps signing messages beside this one for 24 hours, so your receiver can switch without missing any."
          : "Your receiver checks each message's webhook-signature header with it."}
      </p>
      <div className="flex gap-2">
        <Input
          ref={input}
          readOnly
          value={secret}
          aria-label="Signing secret"
          aria-describedby={`${warningId} ${noteId}`}
          className="font-mono"
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="webhook-secret-value"
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? "The secret is copied to the clipboard." : ""}
      </p>
      <Button type="button" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
