import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A form's resolver that loads its schema (and zod with it) on first use: the first blur or submit. A
 * public page with a form is interactive before zod arrives (decision 120). A failed load is tried again
 * at the next use.
 */
export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): Resolver<TInput, unknown, TOutput> {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return (await loading)(values, context, options);
  };
}
