import { Star } from "lucide-react";

export type Testimonial = { quote: string; name: string; role: string; company: string };

export const VENDOR_TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      "The leads arrive with the process, the systems and the budget already spelled out. We skip the discovery calls that went nowhere and close far more of what we quote.",
    name: "Sarah Mitchell",
    role: "Founder",
    company: "FlowBridge Automation",
  },
  {
    quote:
      "Within three months the marketplace became our main source of new projects. The matching is accurate: we only see work that fits our RPA and integration expertise.",
    name: "David Okafor",
    role: "Managing Director",
    company: "Nimbus Process Labs",
  },
  {
    quote:
      "One lead was not what the client had described, and it was replaced at no cost within a day. That guarantee is why we moved our sales budget here.",
    name: "Elena Vasquez",
    role: "Head of Sales",
    company: "Clearpath Data Systems",
  },
];

export function Testimonials({ items }: { items: readonly Testimonial[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {items.map((t) => (
        <li key={t.name} className="flex flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <figure className="flex flex-1 flex-col">
            <div className="flex gap-1" role="img" aria-label="5 out of 5 stars">
              {[1, 2, 3, 4, 5].map((n) => (
                <Star key={n} className="h-5 w-5 fill-amber-400 text-amber-400" aria-hidden="true" />
              ))}
            </div>
            <blockquote className="mt-4 flex-1 text-slate-700">
              <p>&ldquo;{t.quote}&rdquo;</p>
            </blockquote>
            <figcaption className="mt-6">
              <p className="font-semibold text-slate-900">{t.name}</p>
              <p className="text-sm text-slate-600">
                {t.role}, {t.company}
              </p>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
