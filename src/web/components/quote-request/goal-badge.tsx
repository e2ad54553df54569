/** One of a request's goals (Save time, Reduce errors...), as the request's pages list them. */
export function GoalBadge({ goal }: { goal: string }) {
  return (
    <span className="inline-flex items-center rounded-md border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-slate-700">
      {goal}
    </span>
  );
}
