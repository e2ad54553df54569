import type { Revenue } from "@/shared/admin";

/** "$1,287", "$0 (demo)": decision 090's revenue as the Overview, the welcome page and Analytics show it. */
export function revenueLabel(revenue: Revenue): string {
  const dollars = (revenue.thisMonthCents / 100).toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  });
  return revenue.includesDemo ? `${dollars} (demo)` : dollars;
}

/** "1 client", "2 clients". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
