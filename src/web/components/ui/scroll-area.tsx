import { ScrollArea as S } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "@/web/lib/cn";

/** Spec section 9: the scrollbar hides 600 ms after scrolling stops. */
export function ScrollArea({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <S.Root type="hover" scrollHideDelay={600} className={cn("relative overflow-hidden", className)}>
      <S.Viewport className="h-full w-full">{children}</S.Viewport>
      <S.Scrollbar orientation="vertical" className="flex w-2 touch-none select-none p-0.5">
        <S.Thumb className="relative flex-1 rounded-full bg-slate-300" />
      </S.Scrollbar>
    </S.Root>
  );
}
