import { type ComponentType, type LazyExoticComponent, lazy, memo, Suspense, useEffect, useRef, useState } from "react";

const USE_EVENTS = ["focusin", "pointerdown", "keydown"] as const;

/** A part of a page whose code waits for `use()` before it loads; made once, at module level, with `deferredPart`. */
export type DeferredPart = { Component: LazyExoticComponent<ComponentType>; use: () => void };

export function deferredPart(load: () => Promise<ComponentType>): DeferredPart {
  let use: () => void = () => {};
  const used = new Promise<void>((resolve) => {
    use = resolve;
  });
  // The build's prerender renders every part at once.
  if (typeof document === "undefined") use();
  const Component = lazy(async () => {
    await used;
    return { default: await load() };
  });
  return { Component, use };
}

/** Renders nothing; runs `run` once the Suspense boundary it is in has been taken over (or rendered). */
function OnTakeOver({ run }: { run: () => void }) {
  const ran = useRef(run);
  useEffect(() => ran.current(), []);
  return null;
}

/**
 * A part of a prerendered page whose code loads when the visitor first uses it (focus, pointer, key)
 * instead of with the page (decision 120): until then the browser shows the prerendered HTML of it, not
 * yet hydrated. Rendered any other way (the build's prerender, a later visit to the route), it loads at
 * once. A submit before React has taken the part over is held, not left to the browser (which would
 * send the form as a GET), and made again once it has: the click that loaded the form also sends it.
 */
export const LoadOnUse = memo(function LoadOnUse({ name, part }: { name: string; part: DeferredPart }) {
  const ref = useRef<HTMLDivElement>(null);
  const takenOver = useRef(false);
  const heldSubmit = useRef<{ form: HTMLFormElement; submitter: HTMLElement | null } | null>(null);
  // Whether this render takes over HTML already on screen (hydration); decided once, never re-rendered,
  // since a part not yet taken over that re-renders before its code arrives would lose its HTML.
  const [inHtml] = useState(
    () => typeof document !== "undefined" && document.querySelector(`[data-load-on-use="${name}"]`) !== null,
  );
  if (!inHtml) part.use();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // On the document, in the capture phase: React stops an event aimed at a part it has not yet
    // taken over at the app's root, before it could reach this element.
    const inside = (event: Event) => event.target instanceof Node && element.contains(event.target);
    const onUse = (event: Event) => {
      if (inside(event)) part.use();
    };
    const refuseNativeSubmit = (event: Event) => {
      if (takenOver.current || !inside(event) || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      heldSubmit.current = { form: event.target, submitter: (event as SubmitEvent).submitter };
    };
    for (const type of USE_EVENTS) document.addEventListener(type, onUse, { capture: true, passive: true });
    document.addEventListener("submit", refuseNativeSubmit, { capture: true });
    return () => {
      for (const type of USE_EVENTS) document.removeEventListener(type, onUse, { capture: true });
      document.removeEventListener("submit", refuseNativeSubmit, { capture: true });
    };
  }, [part]);
  return (
    <div ref={ref} data-load-on-use={name} className="contents">
      <Suspense fallback={null}>
        <part.Component />
        <OnTakeOver
          run={() => {
            takenOver.current = true;
            const held = heldSubmit.current;
            heldSubmit.current = null;
            held?.form.requestSubmit(held.submitter);
          }}
        />
      </Suspense>
    </div>
  );
});
