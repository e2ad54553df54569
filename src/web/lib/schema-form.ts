import { zodResolver } from "@hookform/resolvers/zod";
import { type DefaultValues, type FieldValues, useForm } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";

/**
 * A form checked by its zod contract, the one the server checks too: each field once it has been left
 * (or, with "onSubmit", only when the form is sent). The form holds the schema's input and hands its
 * output to the submit handler.
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: $ZodType<Output, Input>,
  defaultValues: DefaultValues<NoInfer<Input>>,
  mode: "onTouched" | "onSubmit" = "onTouched",
) {
  return useForm<Input, unknown, Output>({ resolver: zodResolver(schema), mode, defaultValues });
}
