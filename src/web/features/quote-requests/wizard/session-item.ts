// What the wizard keeps in the tab's sessionStorage (a draft, a pending submission), as JSON under one
// key per user. Storage that is full or disabled is passed over: the page keeps what it holds in memory.

export function sessionItem(prefix: string) {
  const key = (userId: number) => `${prefix}:${userId}`;
  return {
    /** The stored value, parsed; null when there is none or it cannot be read. */
    read(userId: number): unknown {
      try {
        return JSON.parse(sessionStorage.getItem(key(userId)) ?? "null");
      } catch {
        return null;
      }
    },
    save(userId: number, value: unknown): void {
      try {
        sessionStorage.setItem(key(userId), JSON.stringify(value));
      } catch {
        // Storage full or disabled: only a reload forgets it.
      }
    },
    clear(userId: number): void {
      try {
        sessionStorage.removeItem(key(userId));
      } catch {
        // Nothing to clear.
      }
    },
  };
}
