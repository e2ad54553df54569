// Toast state shared by the whole page. The constants are the spec's section 9 (Radix/shadcn defaults):
// at most one toast at a time, a dismissed toast is removed after 1,000,000 ms.
import { useEffect, useState } from "react";

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastInput = {
  title?: string;
  description?: string;
  variant?: "default" | "destructive";
};
export type ToastItem = ToastInput & { id: string; open: boolean };

type State = { toasts: ToastItem[] };
let memory: State = { toasts: [] };
const listeners = new Set<(s: State) => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function setState(next: State): void {
  memory = next;
  for (const l of listeners) l(memory);
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setState({ toasts: memory.toasts.filter((t) => t.id !== id) });
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(id?: string): void {
  setState({
    toasts: memory.toasts.map((t) => {
      if (id === undefined || t.id === id) {
        scheduleRemoval(t.id);
        return { ...t, open: false };
      }
      return t;
    }),
  });
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  setState({ toasts: [{ ...input, id, open: true }, ...memory.toasts].slice(0, TOAST_LIMIT) });
  return { id, dismiss: () => dismissToast(id) };
}

export function useToast(): State & { toast: typeof toast; dismiss: typeof dismissToast } {
  const [state, set] = useState<State>(memory);
  useEffect(() => {
    listeners.add(set);
    return () => {
      listeners.delete(set);
    };
  }, []);
  return { ...state, toast, dismiss: dismissToast };
}
