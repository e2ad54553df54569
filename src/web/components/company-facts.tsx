// Pieces of a provider's profile shown in more than one place (the provider's own profile, the
// admin's review): the website as a safe outbound link, and the specialties as chips.
import { cn } from "@/web/lib/cn";

export function WebsiteLink({ url }: { url: string | null | undefined }) {
  if (!url) return <>Not given</>;
  return (
    <a className="text-blue-700 hover:underline" href={url} target="_blank" rel="noopener noreferrer">
      {url}
    </a>
  );
}

const TONES = {
  green: "bg-green-100 text-green-900",
  purple: "bg-purple-100 text-purple-900",
} as const;

export function SpecialtyList({ specialties, tone }: { specialties: string[]; tone: keyof typeof TONES }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Specialties">
      {specialties.map((s) => (
        <li key={s} className={cn("rounded-full px-3 py-1 text-sm font-medium", TONES[tone])}>
          {s}
        </li>
      ))}
    </ul>
  );
}
