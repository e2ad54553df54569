// What a process makes only when a call first needs it (decision 186): a package loaded with import(),
// a client built on it.

/**
 * Answers a function that makes the value on its first call and gives the same promise to every call
 * after. A failure is not kept: the next call tries again.
 */
export function onFirstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    if (!made) {
      const attempt = make();
      made = attempt;
      attempt.catch(() => {
        if (made === attempt) made = undefined;
      });
    }
    return made;
  };
}
