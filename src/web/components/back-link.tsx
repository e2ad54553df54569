import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "@/web/lib/cn";

/** The link back to the list a detail page was opened from, in the colour of the reader's role. */
export function BackLink({ to, tone, children }: { to: string; tone: "client" | "provider"; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={cn(
        "inline-flex items-center gap-1 text-sm font-medium hover:underline",
        tone === "provider" ? "text-green-800" : "text-blue-700",
      )}
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
