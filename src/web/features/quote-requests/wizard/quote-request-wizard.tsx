// Spec screen 4 and sections 4, 5, 8: the six-step wizard. Each step's messages show as the user
// types; Next moves on only when the step is complete (decision 011); the last step sends the
// request, then the wizard forgets its draft and the client goes to the dashboard. A retry of the same
// answers sends the same Idempotency-Key, so it never makes a second request (decision 110).
import { ArrowLeft, ArrowRight, Send } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { PATHS } from "@/shared/paths";
import { WIZARD_STEPS } from "@/shared/quote-request-limits";
import { toCreateQuoteRequestBody, WIZARD_STEP_SCHEMAS, wizardSchema } from "@/shared/quote-requests";
import type { PublicUser } from "@/shared/users";
import { useFileUploads } from "@/web/components/files/use-file-uploads";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage, fieldIssues } from "@/web/lib/api";
import { useCreateQuoteRequest, useInvitedProvider } from "../api";
import { clearDraftFiles, loadDraftFiles, saveDraftFiles } from "./draft-files";
import { forgetInvite, takeInvite } from "./invite";
import { InviteNotice } from "./invite-notice";
import {
  clearSubmission,
  loadSubmission,
  type PendingSubmission,
  saveSubmission,
  submissionFor,
} from "./submission-key";
import {
  isStepFilled,
  SUBMIT_LABEL,
  SUBMITTING_LABEL,
  WIZARD_NEXT_LABELS,
  WIZARD_STEP_TITLES,
  wizardStepFields,
} from "./wizard-flow";
import {
  clearDraft,
  emptyWizardValues,
  loadDraft,
  saveDraft,
  toWizardInput,
  type WizardFormValues,
  wizardResolver,
} from "./wizard-form";
import { WIZARD_STEP_COMPONENTS } from "./wizard-steps";

// Spec section 8.
const INCOMPLETE_TOAST = {
  title: "Please fill in all required fields",
  description: "Complete the required fields before proceeding to the next step.",
} as const;
const VALIDATION_TOAST = {
  title: "Validation Error",
  description: "Please check all fields and try again.",
  variant: "destructive",
} as const;
const UPLOADING_TOAST = {
  title: "Files are still uploading",
  description: "Wait until every file is uploaded, or remove it, then submit again.",
} as const;
const SUCCESS_TOAST = {
  title: "Request Submitted Successfully!",
  description: "You'll receive quotes from 2-3 vetted automation providers within 2-3 business days.",
} as const;

export function QuoteRequestWizard({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  const createRequest = useCreateQuoteRequest();
  const empty = useMemo(
    () => emptyWizardValues({ fullName: `${user.firstName} ${user.lastName}`.trim(), email: user.email }),
    [user.firstName, user.lastName, user.email],
  );
  const [initial] = useState(() => loadDraft(user.id, empty) ?? { step: 1, values: empty });
  const [step, setStep] = useState(initial.step);
  const form = useForm<WizardFormValues>({ resolver: wizardResolver, mode: "onChange", defaultValues: initial.values });
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const sent = useRef(false);
  // The provider the client invites from its profile (decision 172), and why it cannot be, once the server said.
  const [invite, setInvite] = useState(takeInvite);
  const [inviteRefused, setInviteRefused] = useState<string | null>(null);
  // Only a provider the directory knows is named and sent: an address naming none changes nothing.
  const { data: invitedName } = useInvitedProvider(invite);
  const removeInvite = () => {
    forgetInvite();
    setInvite(null);
    setInviteRefused(null);
    if (window.location.search) navigate(PATHS.quoteRequestWizard, { replace: true });
  };
  const pending = useRef<PendingSubmission | null>(null);
  // The process documents (issue 33): uploaded on step 5, kept with the draft, sent as fileIds.
  const [initialFiles] = useState(() => loadDraftFiles(user.id));
  const uploads = useFileUploads({ initial: initialFiles });
  useEffect(() => {
    if (!sent.current) saveDraftFiles(user.id, uploads.uploaded);
  }, [uploads.uploaded, user.id]);

  // The draft follows every change, until the request is sent.
  useEffect(() => {
    if (sent.current) return;
    saveDraft(user.id, { step, values: form.getValues() });
    const subscription = form.watch(() => {
      if (!sent.current) saveDraft(user.id, { step, values: form.getValues() });
    });
    return () => subscription.unsubscribe();
  }, [form, step, user.id]);

  // A new step is announced by moving focus to its heading (not on the first render).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    stepHeading.current?.focus();
  }, [step]);

  const stepIsReady = async (n: number): Promise<boolean> => {
    const filled = isStepFilled(n, form.getValues());
    const valid = await form.trigger(wizardStepFields(n));
    if (filled && valid) return true;
    toast(INCOMPLETE_TOAST);
    return false;
  };

  const goNext = async () => {
    if (await stepIsReady(step)) setStep((s) => Math.min(s + 1, WIZARD_STEPS));
  };

  const submit = async () => {
    if (!(await stepIsReady(WIZARD_STEPS))) return;
    if (uploads.busy) {
      toast(UPLOADING_TOAST);
      return;
    }
    const values = toWizardInput(form.getValues());
    const parsed = wizardSchema.safeParse(values);
    if (!parsed.success) {
      toast(VALIDATION_TOAST);
      const firstBad = WIZARD_STEP_SCHEMAS.findIndex((schema) => !schema.safeParse(values).success);
      if (firstBad >= 0) {
        setStep(firstBad + 1);
        await form.trigger(wizardStepFields(firstBad + 1));
      }
      return;
    }
    const body = {
      ...toCreateQuoteRequestBody(parsed.data),
      ...(invite && invitedName ? { invitedProvider: invite } : {}),
      // Only when there are some: without files the body is the spec's own.
      ...(uploads.uploaded.length > 0 ? { fileIds: uploads.uploaded.map((f) => f.id) } : {}),
    };
    // Kept until the request is made: Submit again after a failure resends the same key.
    const submission = submissionFor(pending.current ?? loadSubmission(user.id), body);
    pending.current = submission;
    saveSubmission(user.id, submission);
    createRequest.mutate(
      { body, idempotencyKey: submission.key },
      {
        onSuccess: () => {
          sent.current = true;
          pending.current = null;
          clearSubmission(user.id);
          clearDraft(user.id);
          clearDraftFiles(user.id);
          uploads.reset();
          forgetInvite();
          toast(SUCCESS_TOAST);
          form.reset(empty);
          setStep(1);
          navigate(PATHS.dashboard);
        },
        onError: (err) => {
          const refused = fieldIssues(err).find((i) => i.field === "invitedProvider");
          if (refused) {
            setInviteRefused(refused.message);
            return;
          }
          toast({
            title: "Submission Failed",
            description: errorMessage(err, "Please try again later."),
            variant: "destructive",
          });
        },
      },
    );
  };

  const StepFields = WIZARD_STEP_COMPONENTS[step - 1] ?? WIZARD_STEP_COMPONENTS[0];
  const percent = Math.round((step / WIZARD_STEPS) * 100);
  const isLast = step === WIZARD_STEPS;

  return (
    <Card>
      <CardHeader className="gap-3">
        <CardTitle as="h2" className="text-xl">
          Help us understand your automation needs
        </CardTitle>
        <div className="flex items-center justify-between text-sm text-slate-600">
          <span data-testid="wizard-step">
            Step {step} of {WIZARD_STEPS}
          </span>
          <span>{percent}% complete</span>
        </div>
        <div
          role="progressbar"
          aria-label="Progress through the request"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-blue-600 transition-all" style={{ width: `${percent}%` }} />
        </div>
        <h3 ref={stepHeading} tabIndex={-1} className="pt-2 text-lg font-semibold text-slate-900 focus:outline-none">
          {WIZARD_STEP_TITLES[step - 1]}
        </h3>
      </CardHeader>
      <CardContent>
        {invite ? <InviteNotice name={invitedName} refused={inviteRefused} onRemove={removeInvite} /> : null}
        <FormProvider {...form}>
          <form
            noValidate
            aria-label="Quote request"
            onSubmit={(e) => {
              e.preventDefault();
              void (isLast ? submit() : goNext());
            }}
          >
            <StepFields uploads={uploads} />
            <div className="mt-8 flex items-center justify-between gap-3 border-t border-slate-200 pt-6">
              {step > 1 ? (
                <Button type="button" variant="outline" onClick={() => setStep((s) => Math.max(s - 1, 1))}>
                  <ArrowLeft className="h-4 w-4" aria-hidden="true" />
                  Previous
                </Button>
              ) : (
                <span />
              )}
              {isLast ? (
                <Button type="submit" disabled={createRequest.isPending}>
                  <Send className="h-4 w-4" aria-hidden="true" />
                  {createRequest.isPending ? SUBMITTING_LABEL : SUBMIT_LABEL}
                </Button>
              ) : (
                <Button type="submit">
                  {WIZARD_NEXT_LABELS[step - 1]}
                  <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </Button>
              )}
            </div>
          </form>
        </FormProvider>
      </CardContent>
    </Card>
  );
}
