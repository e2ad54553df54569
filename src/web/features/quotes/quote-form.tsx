// The provider's quote: the price, the timeline and a message, with an optional breakdown and a proposal
// and other documents (decision 176: uploaded while the form is filled in, sent as `fileIds`). The same
// zod schema as the server's (src/shared/quotes.ts) validates it here first.
import { FILE_MAX_BYTES, FILES_PER_ITEM, formatFileSize, type StoredFile } from "@/shared/files";
import {
  firstYearTotalCents,
  formatUsd,
  LINE_ITEM_BILLING,
  LINE_ITEM_KINDS,
  LINE_ITEM_LABELS,
  type LineItemKind,
  QUOTE_MESSAGE_MAX,
  type Quote,
  type QuoteInput,
  quoteInputSchema,
  toStoredLineItems,
} from "@/shared/quotes";
import { AttachmentList } from "@/web/components/files/attachment-list";
import { FileDropZone } from "@/web/components/files/file-drop-zone";
import { useFileUploads } from "@/web/components/files/use-file-uploads";
import { Button } from "@/web/components/ui/button";
import { Field, FieldGroup } from "@/web/components/ui/field";
import { Input, Textarea } from "@/web/components/ui/form-controls";
import { useSchemaForm } from "@/web/lib/schema-form";

/** Every amount of a quote is a whole number of dollars, at least one. */
const WHOLE_DOLLARS = { type: "number", inputMode: "numeric", min: 1, step: 1 } as const;

/** An empty box is "not given", not zero. */
const optionalNumber = (v: unknown) => (v === "" || v === null || v === undefined ? undefined : Number(v));

export function quoteToInput(quote: Quote): QuoteInput {
  const lineItems: Partial<Record<LineItemKind, number>> = {};
  for (const item of quote.lineItems) lineItems[item.kind] = item.amountCents / 100;
  return { amount: quote.amountCents / 100, timeline: quote.timeline, message: quote.message, lineItems };
}

export function QuoteForm({
  defaultValues,
  files = [],
  onSubmit,
  isPending,
  submitLabel,
  pendingLabel,
  onCancel,
}: {
  defaultValues?: QuoteInput;
  /** The documents the quote already has (an edit): they stay, and new ones come on top, up to the limit. */
  files?: readonly StoredFile[];
  /** `onSent` forgets the uploads once they belong to the quote. */
  onSubmit: (values: QuoteInput, onSent: () => void) => void;
  isPending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onCancel?: () => void;
}) {
  const form = useSchemaForm(quoteInputSchema, defaultValues ?? { timeline: "", message: "", lineItems: {} });
  const uploads = useFileUploads({ max: Math.max(0, FILES_PER_ITEM - files.length) });
  const send = (values: QuoteInput) => {
    const fileIds = uploads.uploaded.map((f) => f.id);
    onSubmit(fileIds.length > 0 ? { ...values, fileIds } : values, uploads.reset);
  };
  const errors = form.formState.errors;
  const values = form.watch();
  const amount = Number.isFinite(values.amount) ? values.amount : 0;
  const cleanItems = Object.fromEntries(
    Object.entries(values.lineItems ?? {}).filter(([, v]) => typeof v === "number" && Number.isFinite(v)),
  );
  const firstYear = firstYearTotalCents(amount * 100, toStoredLineItems(cleanItems));
  const lineItemsError = (errors.lineItems as { message?: string } | undefined)?.message;

  return (
    <form onSubmit={form.handleSubmit(send)} className="space-y-5" noValidate data-testid="quote-form">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="quote-amount" label="Project price (USD)" error={errors.amount?.message}>
          {(control) => (
            <Input
              {...control}
              {...WHOLE_DOLLARS}
              placeholder="e.g. 24000"
              {...form.register("amount", { valueAsNumber: true })}
            />
          )}
        </Field>
        <Field id="quote-timeline" label="Timeline" error={errors.timeline?.message}>
          {(control) => <Input {...control} placeholder="e.g. 6 weeks" {...form.register("timeline")} />}
        </Field>
      </div>

      <Field id="quote-message" label="Message to the client" error={errors.message?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={5}
            maxLength={QUOTE_MESSAGE_MAX}
            placeholder="How you would automate this process, what is included, and what you need from the client."
            {...form.register("message")}
          />
        )}
      </Field>

      <FieldGroup
        id="quote-line-items"
        legend="Breakdown (optional)"
        hint="One-off items, when given, must add up to the project price. Monthly items come on top of it."
        error={lineItemsError}
        className="space-y-3 rounded-md border border-slate-200 p-4"
        legendClassName="px-1 text-slate-900"
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {LINE_ITEM_KINDS.map((kind) => (
            <Field
              key={kind}
              id={`quote-item-${kind}`}
              label={`${LINE_ITEM_LABELS[kind]}${LINE_ITEM_BILLING[kind] === "monthly" ? "" : " (USD)"}`}
              error={errors.lineItems?.[kind]?.message}
              className="space-y-1"
            >
              {(control) => (
                <Input
                  {...control}
                  {...WHOLE_DOLLARS}
                  {...form.register(`lineItems.${kind}`, { setValueAs: optionalNumber })}
                />
              )}
            </Field>
          ))}
        </div>
      </FieldGroup>

      <div className="space-y-3" data-testid="quote-form-files">
        {files.length > 0 ? (
          <div className="space-y-1">
            <p className="text-sm font-medium text-slate-900">Documents sent with this quote</p>
            <AttachmentList files={files} label="Documents sent with this quote" />
          </div>
        ) : null}
        {files.length < FILES_PER_ITEM ? (
          <FileDropZone
            uploads={uploads}
            label={files.length > 0 ? "Add more documents" : "Proposal and documents"}
            optional
            hint={`A proposal as PDF, Word, Excel or PowerPoint, or other documents; up to ${formatFileSize(FILE_MAX_BYTES)} each, at most ${FILES_PER_ITEM} in all.`}
            disabled={isPending}
          />
        ) : null}
      </div>

      <p className="text-sm text-slate-700" aria-live="polite" data-testid="quote-form-total">
        Total first-year cost for the client: <strong>{formatUsd(firstYear)}</strong>
      </p>

      <div className="flex flex-wrap gap-3">
        <Button type="submit" className="bg-green-700 hover:bg-green-800" disabled={isPending || uploads.busy}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
        {onCancel ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              // Given up: the new uploads go too (the quote's own documents stay).
              uploads.discard();
              onCancel();
            }}
            disabled={isPending}
          >
            Cancel
          </Button>
        ) : null}
      </div>
      {uploads.busy ? (
        <p className="text-sm text-slate-600">The quote can be sent once the files have uploaded.</p>
      ) : null}
    </form>
  );
}
