/**
 * Text holding a country's name from the runtime's Intl data: Node's and the browser's ICU name a few
 * countries differently ("Hong Kong SAR China" and "Hong Kong"), so the browser keeps the name the
 * server wrote (decision 138) rather than reporting a hydration mismatch for it.
 */
export function CountryText({ children }: { children: string }) {
  return <span suppressHydrationWarning>{children}</span>;
}
