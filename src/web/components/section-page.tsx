import type { ReactNode } from "react";
import { usePageMeta } from "@/web/lib/page-meta";

/** A signed-in page's heading and intro; features put their content inside. */
export function SectionPage({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  usePageMeta(title, intro);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-slate-600">{intro}</p>
      </div>
      {children}
    </div>
  );
}
