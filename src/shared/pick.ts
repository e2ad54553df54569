// The fields of a row that an answer repeats unchanged, named once: a mapper picks them and spells out
// only what it changes (dates to ISO text, nulls, nested parts).

/** A new object with `keys` of `row`, and nothing else: a field not named never leaks into an answer. */
export function pick<T extends object, const K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = row[key];
  return picked;
}
