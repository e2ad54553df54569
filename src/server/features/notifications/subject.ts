// An email subject is one header line of bounded length. Subjects are built from users' text (request
// titles, company names), so every subject is made safe here before it reaches the outbox; the
// sender still refuses a row that is not (mail.ts), as a last line of defence.

export const SUBJECT_MAX = 200;

// Control characters end a header line (CR, LF) or confuse mail software; none belong in a subject.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them.
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to replace them.
const CONTROL_RUNS = /[\u0000-\u001f\u007f]+/g;

/** One line, control characters turned into spaces, cut to SUBJECT_MAX with an ellipsis. */
export function subjectLine(text: string): string {
  const line = text.replace(CONTROL_RUNS, " ").replace(/ {2,}/g, " ").trim();
  if (line.length <= SUBJECT_MAX) return line;
  return `${line.slice(0, SUBJECT_MAX - 1).trimEnd()}…`;
}
