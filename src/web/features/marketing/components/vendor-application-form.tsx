// Spec screen 12 and sections 4, 5, 8: the vendor application on /for-vendors. The spec's version only
// pretends to send; here it is stored (POST /api/vendor-applications), with the spec's texts unchanged.
import { useForm } from "react-hook-form";
import type { VendorApplication, VendorApplicationInput } from "@/shared/inquiries";
import { PROVIDER_SPECIALTIES } from "@/shared/specialties";
import { FieldGroup } from "@/web/components/ui/field";
import { bound, TextareaField } from "@/web/components/ui/form-fields";
import { lazyResolver } from "@/web/lib/lazy-resolver";
import { useSubmitVendorApplication } from "../api";
import { ContactFields, HoneypotField, PublicForm, submissionToasts } from "./form-fields";

const THANKS = {
  title: "Application Submitted!",
  description: "We'll review your application and get back to you within 24 hours.",
} as const;

const applicationResolver = lazyResolver<VendorApplicationInput, VendorApplication>(async () => {
  const [{ zodResolver }, { vendorApplicationSchema }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("@/shared/inquiries"),
  ]);
  return zodResolver(vendorApplicationSchema);
});

const emptyApplication = (): VendorApplicationInput => ({
  name: "",
  email: "",
  company: "",
  specialties: [],
  message: "",
  leaveBlank: "",
});

export function VendorApplicationForm() {
  const form = useForm<VendorApplicationInput, unknown, VendorApplication>({
    resolver: applicationResolver,
    mode: "onTouched",
    defaultValues: emptyApplication(),
  });
  const { register, formState } = form;
  const errors = formState.errors;

  const submit = useSubmitVendorApplication(
    submissionToasts(THANKS, "There was an error submitting your application. Please try again.", () =>
      form.reset(emptyApplication()),
    ),
  );

  return (
    <PublicForm
      label="Vendor application"
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
      isPending={submit.isPending}
      submitLabel="Apply Now"
      pendingLabel="Submitting Application..."
    >
      <ContactFields idPrefix="vendor" form={form} />
      <FieldGroup
        id="vendor-specialties"
        legend="Automation Specialties"
        hint="Select every area your team delivers."
        error={errors.specialties?.message}
      >
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {PROVIDER_SPECIALTIES.map((specialty, i) => (
            <label
              key={specialty}
              htmlFor={`vendor-specialty-${i}`}
              className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-800 transition-colors hover:bg-slate-50 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-500"
            >
              <input
                id={`vendor-specialty-${i}`}
                type="checkbox"
                value={specialty}
                className="h-4 w-4 accent-blue-600 focus:outline-none"
                {...register("specialties")}
              />
              {specialty}
            </label>
          ))}
        </div>
      </FieldGroup>
      <TextareaField
        {...bound(form, "message")}
        id="vendor-message"
        label="Tell us about your experience"
        optional
        rows={4}
        placeholder="Projects you have delivered, industries you know, team size, certifications."
      />
      <HoneypotField id="vendor-leave-blank" registration={register("leaveBlank")} />
    </PublicForm>
  );
}
