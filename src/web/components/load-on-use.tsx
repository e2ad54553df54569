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

type PartState = {
  /** Used (focus, pointer, key, submit) before its LoadOnUse could listen. */
  used: boolean;
  /** A submit made before React took the part over, to make again once it has. */
  held: { form: HTMLFormElement; submitter: HTMLElement | null } | null;
  takenOver: boolean;
  /** Set by the part's LoadOnUse once it is on screen: loads the part's code. */
  onUse: (() => void) | null;
};
const partStates = new Map<string, PartState>();
function partState(name: string): PartState {
  let state = partStates.get(name);
  if (!state) {
    state = { used: false, held: null, takenOver: false, onUse: null };
    partStates.set(name, state);
  }
  return state;
}
const partNameOf = (target: EventTarget | null) =>
  target instanceof Element ? (target.closest("[data-load-on-use]")?.getAttribute("data-load-on-use") ?? null) : null;

/**
 * Listens, from the moment the entry script runs (src/web/main.tsx, before hydration), for the use of a
 * part not yet taken over and for its submits: on the document, in the capture phase, since React stops
 * an event aimed at a part it has not yet taken over at the app's root. A submit then is held, not left
 * to the browser (which would send the form as a GET and reload the page), and made again once React
 * has the part: the click that loads the form also sends it, however early it comes.
 */
export function watchPartsBeforeTakeOver(): void {
  if (typeof document === "undefined") return;
  const use = (name: string) => {
    const state = partState(name);
    state.used = true;
    state.onUse?.();
  };
  const onUse = (event: Event) => {
    const name = partNameOf(event.target);
    if (name !== null) use(name);
  };
  const holdNativeSubmit = (event: Event) => {
    const name = partNameOf(event.target);
    if (name === null || !(event.target instanceof HTMLFormElement) || partState(name).takenOver) return;
    event.preventDefault();
    partState(name).held = { form: event.target, submitter: (event as SubmitEvent).submitter };
    use(name);
  };
  for (const type of USE_EVENTS) document.addEventListener(type, onUse, { capture: true, passive: true });
  document.addEventListener("submit", holdNativeSubmit, { capture: true });
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
  // Whether this render takes over HTML already on screen (hydration); decided once, never re-rendered,
  // since a part not yet taken over that re-renders before its code arrives would lose its HTML.
  const [inHtml] = useState(
    () => typeof document !== "undefined" && document.querySelector(`[data-load-on-use="${name}"]`) !== null,
  );
  if (!inHtml) part.use();
  useEffect(() => {
    // Uses and submits are caught by watchPartsBeforeTakeOver; from here on they load the code at once.
    const state = partState(name);
    state.onUse = () => part.use();
    if (state.used) part.use();
    return () => {
      state.onUse = null;
    };
  }, [name, part]);
  return (
    <div data-load-on-use={name} className="contents">
      <Suspense fallback={null}>
        <part.Component />
        <OnTakeOver
          run={() => {
            const state = partState(name);
            state.takenOver = true;
            const held = state.held;
            state.held = null;
            held?.form.requestSubmit(held.submitter);
          }}
        />
      </Suspense>
    </div>
  );
});
