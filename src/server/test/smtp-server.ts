// A real SMTP server on loopback (the smtp-server package) for the email tests: it keeps what it
// receives, and can be told to refuse messages, as a server in trouble does.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  mailFrom: string;
  rcptTo: string[];
  /** The message as sent: headers, then the body. */
  raw: string;
};

export type TestSmtpServer = {
  url: string;
  received: ReceivedMail[];
  /** While true, every message is refused with a temporary error (451), after the server read it. */
  failing: boolean;
  /** How many messages it refused. */
  refused: number;
  close: () => Promise<void>;
};

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: "",
    received: [],
    failing: false,
    refused: 0,
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (state.failing) {
          state.refused += 1;
          const err = Object.assign(new Error("Mailbox temporarily unavailable, try again later"), {
            responseCode: 451,
          });
          callback(err);
          return;
        }
        const from = session.envelope.mailFrom;
        state.received.push({
          mailFrom: from ? from.address : "",
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** A header of a raw message (unfolded), or undefined. */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The decoded parts of a multipart message, by content type (quoted-printable or 7bit). */
export function partsOf(raw: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const section of raw.split(/\r?\n--[^\r\n]+/)) {
    const [head = "", ...rest] = section.split(/\r?\n\r?\n/);
    const type = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim().toLowerCase();
    if (!type || type.startsWith("multipart/")) continue;
    let body = rest.join("\n\n");
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
      body = Buffer.from(
        body
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      ).toString("utf8");
    } else if (/content-transfer-encoding:\s*base64/i.test(head)) {
      body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    }
    parts.set(type, body);
  }
  return parts;
}
