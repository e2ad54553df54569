// A secret the server gives once and keeps no way to show again (a webhook's signing secret, an API
// token): shown with Copy and Done, the focus on it and the warning read with it.
import { Check, Copy } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/form-controls";
import { toast } from "@/web/components/ui/use-toast";

export function SecretNotice({
  secret,
  what,
  label,
  note,
  onDone,
  testId,
}: {
  secret: string;
  /** What the secret is, in a sentence: "signing secret", "token". */
  what: string;
  /** The field's name: "Signing secret". */
  label: string;
  /** What to do with it, under the warning. */
  note?: ReactNode;
  onDone: () => void;
  /** The box's test id; the field's is `${testId}-value`. */
  testId: string;
}) {
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
        description: `The ${what} is selected: press Ctrl+C (⌘C on a Mac) to copy it.`,
      });
    }
  };

  return (
    <div className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4" data-testid={testId}>
      <p id={warningId} className="text-sm font-semibold text-amber-950">
        Copy this {what} now: it is not shown again.
      </p>
      {note ? (
        <p id={noteId} className="text-sm text-amber-950">
          {note}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Input
          ref={input}
          readOnly
          value={secret}
          aria-label={label}
          aria-describedby={note ? `${warningId} ${noteId}` : warningId}
          className="font-mono"
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
          data-testid={`${testId}-value`}
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? `The ${what} is copied to the clipboard.` : ""}
      </p>
      <Button type="button" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
