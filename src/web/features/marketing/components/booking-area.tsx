// Spec screen 13: the booking area. With BOOKING_URL configured it embeds that scheduling page;
// otherwise visitors reach the team through the configured phone number and email address.
import { Loader2, Mail, MessageSquare, Phone } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { usePublicConfig } from "@/web/lib/public-config";

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export function BookingArea() {
  const { data, isLoading, isError } = usePublicConfig();

  if (isLoading) {
    return (
      <div className="flex items-center justify-center gap-3 py-16 text-slate-600" role="status">
        <Loader2 className="h-6 w-6 animate-spin" aria-hidden="true" />
        Loading booking options...
      </div>
    );
  }

  if (isError || !data) {
    return (
      <p className="py-10 text-center text-slate-600">
        Booking is unavailable right now. Use the pre-qualification form below and we will reach out to schedule your
        call.
      </p>
    );
  }

  if (data.bookingUrl) {
    return (
      <iframe
        title="Book a call"
        src={data.bookingUrl}
        className="h-[700px] w-full rounded-lg border border-slate-200 bg-white"
        loading="lazy"
      />
    );
  }

  return (
    <div className="rounded-lg border border-slate-200 bg-white p-8 text-center">
      <h3 className="text-xl font-semibold text-slate-900">Talk to an automation strategist</h3>
      <p className="mx-auto mt-3 max-w-xl text-slate-600">
        Reach us by phone or email and we will find a 30-minute slot that suits you, usually within one business day.
      </p>
      <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
        <Button asChild size="lg">
          <a href={`mailto:${data.contactEmail}?subject=${encodeURIComponent("Strategy session request")}`}>
            <MessageSquare className="h-4 w-4" aria-hidden="true" />
            Contact Us
          </a>
        </Button>
        <Button asChild size="lg" variant="outline" className="h-auto min-h-11 whitespace-normal py-2 break-all">
          <a href={telHref(data.contactPhone)}>
            <Phone className="h-4 w-4" aria-hidden="true" />
            Call {data.contactPhone}
          </a>
        </Button>
        <Button asChild size="lg" variant="outline" className="h-auto min-h-11 whitespace-normal py-2 break-all">
          <a href={`mailto:${data.contactEmail}`}>
            <Mail className="h-4 w-4" aria-hidden="true" />
            Email {data.contactEmail}
          </a>
        </Button>
      </div>
    </div>
  );
}
