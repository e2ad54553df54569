import { Workflow } from "lucide-react";
import { BRAND_DOMAIN, BRAND_NAME } from "@/shared/brand";
import { PATHS } from "@/shared/paths";
import { cn } from "@/web/lib/cn";
import { Link } from "./link";

type LogoSize = "sm" | "md" | "lg";

const SIZES: Record<LogoSize, { text: string; mark: string; icon: string }> = {
  sm: { text: "text-base", mark: "h-6 w-6 rounded", icon: "h-3.5 w-3.5" },
  md: { text: "text-xl", mark: "h-8 w-8 rounded-md", icon: "h-5 w-5" },
  lg: { text: "text-3xl", mark: "h-11 w-11 rounded-lg", icon: "h-7 w-7" },
};

/** The brand wordmark; the name and domain come from one shared constant so a rebrand is one edit. */
export function Logo({
  size = "md",
  withDomain = false,
  className,
}: {
  size?: LogoSize;
  withDomain?: boolean;
  className?: string;
}) {
  const s = SIZES[size];
  return (
    <span className={cn("inline-flex items-center gap-2 font-bold tracking-tight", s.text, className)} data-size={size}>
      <span
        className={cn("flex shrink-0 items-center justify-center bg-blue-600 text-white", s.mark)}
        aria-hidden="true"
      >
        <Workflow className={s.icon} />
      </span>
      <span className="text-slate-900">
        {BRAND_NAME}
        {withDomain ? <span className="text-blue-700">{BRAND_DOMAIN}</span> : null}
      </span>
    </span>
  );
}

/** The wordmark as the link home that tops the signed-in and the standalone pages. */
export function HomeLogoLink({ size }: { size: LogoSize }) {
  return (
    <Link to={PATHS.home} aria-label="Home">
      <Logo size={size} />
    </Link>
  );
}
