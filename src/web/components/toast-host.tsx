import { lazy, Suspense, useState } from "react";
import { useToast } from "./ui/use-toast";

// The toasts' Radix region loads with the first toast (decision 120).
const Toaster = lazy(async () => ({ default: (await import("./ui/toaster")).Toaster }));

/** The toasts' region, from the first toast on. */
export function ToastHost() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  if (toasts.length > 0 && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
