// A closed set of values, each with its label, written once as one table (decision 187): the list of
// values (for `z.enum`, selects and loops) is read from the table's keys, so that a value cannot be
// added to one and forgotten in the other. Plain data, no zod: the public forms load it before zod.

/**
 * `labelledOptions({ startup: "Startup (1-10)", small: "Small (11-50)" })` gives `values`,
 * `["startup", "small"]` in the order written, typed as the non-empty list `z.enum` takes, and
 * `labels`, the table itself. The keys must not be whole numbers: JavaScript lists those first.
 */
export function labelledOptions<const K extends string, L>(labels: { [P in K]: L }) {
  const values = Object.keys(labels) as K[];
  if (values.length === 0) throw new Error("labelledOptions needs at least one value");
  return { values: values as readonly K[] as readonly [K, ...K[]], labels: labels as Record<K, L> };
}

/** The same table as a select's options, `[{ value: "startup", label: "Startup (1-10)" }, …]`, in the order written. */
export function selectOptions<const K extends string>(labels: { [P in K]: string }) {
  const options = labelledOptions(labels).values.map((value) => ({ value, label: labels[value] }));
  return options as readonly { value: K; label: string }[];
}
