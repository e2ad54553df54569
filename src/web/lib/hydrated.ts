// Whether React has taken the page over: false while it hydrates HTML the build prerendered (the
// server's snapshot), true from then on and in any page drawn in the browser.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
