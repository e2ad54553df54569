// A card of a long page that an address can name (/settings#webhooks): its section carries the id, and
// the page scrolls to it once the page's reads have settled, since the cards above it load on their own
// and would push it down after an earlier scroll.
import { useIsFetching } from "@tanstack/react-query";
import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { DataOrRetry } from "@/web/components/list-states";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";

export function AnchoredCard({
  anchor,
  title,
  description,
  testId,
  loaded,
  children,
}: {
  /** The section's id, and the hash that scrolls to it. */
  anchor: string;
  title: string;
  description: ReactNode;
  testId: string;
  /** Whether the card's own read has answered: it is scrolled to only then. */
  loaded: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  useScrollToAnchor(ref, anchor, loaded);
  const titleId = `${anchor}-title`;
  return (
    <section id={anchor} ref={ref} className="scroll-mt-4" aria-labelledby={titleId}>
      <Card data-testid={testId}>
        <CardHeader>
          <CardTitle as="h2" id={titleId}>
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}

/**
 * An AnchoredCard whose body is its one read: scrolled to once the read has answered, then `children`
 * with its data, or the failure with Try Again (`what` names what could not be loaded).
 */
export function AnchoredQueryCard<T>({
  query,
  what,
  children,
  ...card
}: Omit<Parameters<typeof AnchoredCard>[0], "loaded" | "children"> & Parameters<typeof DataOrRetry<T>>[0]) {
  return (
    <AnchoredCard {...card} loaded={query.data !== undefined}>
      <DataOrRetry query={query} what={what}>
        {children}
      </DataOrRetry>
    </AnchoredCard>
  );
}

function useScrollToAnchor(ref: RefObject<HTMLElement | null>, anchor: string, loaded: boolean) {
  const { hash } = useLocation();
  const fetching = useIsFetching();
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (hash !== `#${anchor}`) {
      scrolledFor.current = null;
      return;
    }
    if (!loaded || fetching > 0 || scrolledFor.current === hash) return;
    scrolledFor.current = hash;
    ref.current?.scrollIntoView({ block: "start" });
  }, [ref, anchor, loaded, fetching, hash]);
}
