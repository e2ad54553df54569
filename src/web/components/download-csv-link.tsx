// A list's "Download CSV" (issue 32 part 3, decision 175): a plain link to the list's export, which the
// browser downloads with the session cookie as it is; the list's filters ride in the address.
import { Download } from "lucide-react";
import { Button } from "@/web/components/ui/button";

export function DownloadCsvLink({
  href,
  what,
}: {
  href: string /** What the file holds, for screen readers: "your leads". */;
  what: string;
}) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download aria-label={`Download CSV of ${what}`}>
        <Download className="h-4 w-4" aria-hidden="true" />
        Download CSV
      </a>
    </Button>
  );
}
