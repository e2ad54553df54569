import { type ComponentType, type LazyExoticComponent, lazy } from "react";

// biome-ignore lint/suspicious/noExplicitAny: the same bound React.lazy itself puts on a component
type AnyComponent = ComponentType<any>;

/**
 * React.lazy for a module's named page export: the page becomes its own chunk, loaded when its route
 * first renders (under the Suspense boundary in app.tsx).
 */
export function lazyPage<M extends { [key in K]: AnyComponent }, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}
