/** Identifiers of a fixed vocabulary (a webhook's events, a token's scopes) as chips, each with its label as a tooltip. */
export function CodeChips<V extends string>({
  values,
  labels,
  listLabel,
}: {
  values: readonly V[];
  labels: Readonly<Record<V, string>>;
  /** Names the list for screen readers: "Events". */
  listLabel: string;
}) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={listLabel}>
      {values.map((value) => (
        <li
          key={value}
          title={labels[value]}
          className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-800"
        >
          {value}
        </li>
      ))}
    </ul>
  );
}
