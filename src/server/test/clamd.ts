// A real clamd (Debian's clamav-daemon) of a test's own, in a temporary folder, on a unix socket and a free
// TCP port of 127.0.0.1. Its database holds one signature, for the EICAR test string, so it needs neither
// freshclam nor the internet, and starts in well under a second. npm test installs the package when missing.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pingClamd } from "../features/files/clamd";
import type { ClamdConfig } from "../files-config";
import { waitFor } from "./wait";

const clamdPath = "/usr/sbin/clamd";

/** The antivirus test file every scanner detects (eicar.org): harmless, 68 bytes. */
export const EICAR = String.raw`X5O!P%@AP[4\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*`;

/** The name clamd gives it here: clamd marks a signature from an unsigned database `.UNOFFICIAL`. */
export const EICAR_SIGNATURE = "Automatch.Test.EICAR.UNOFFICIAL";

export type TestClamd = {
  /** Its unix socket. */
  config: ClamdConfig;
  /** The same clamd over TCP. */
  tcpConfig: { host: string; port: number };
  /** Milliseconds from spawning clamd to its first PONG. */
  startedInMs: number;
  stop: () => Promise<void>;
};

async function freeTcpPort(): Promise<number> {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function stopProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.once("exit", resolve));
  proc.kill("SIGTERM");
  const killer = setTimeout(() => proc.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(killer);
}

export async function startClamd(): Promise<TestClamd> {
  if (!fs.existsSync(clamdPath)) {
    throw new Error(
      `The malware-scanning tests need clamd at ${clamdPath}: install Debian's clamav-daemon ` +
        "(`sudo apt-get install --no-install-recommends clamav-daemon`; npm test does it as root).",
    );
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "automatch-clamd-"));
  const socketPath = path.join(folder, "clamd.sock");
  const port = await freeTcpPort();
  fs.mkdirSync(path.join(folder, "db"));
  // An .ndb body signature, target any file type, offset `*`: it matches anywhere in the stream.
  fs.writeFileSync(
    path.join(folder, "db", "test.ndb"),
    `${EICAR_SIGNATURE.replace(/\.UNOFFICIAL$/, "")}:0:*:${Buffer.from(EICAR).toString("hex")}\n`,
  );
  // No `User` line: clamd stays the user that started it (root in a container, which it accepts).
  // StreamMaxLength above the uploads' 25 MB; clamd's MaxFileSize and MaxScanSize default higher still.
  fs.writeFileSync(
    path.join(folder, "clamd.conf"),
    [
      "Foreground yes",
      `DatabaseDirectory ${path.join(folder, "db")}`,
      `TemporaryDirectory ${folder}`,
      `LocalSocket ${socketPath}`,
      `TCPSocket ${port}`,
      "TCPAddr 127.0.0.1",
      "StreamMaxLength 30M",
      "SelfCheck 0",
      "Bytecode no",
      "",
    ].join("\n"),
  );

  const started = Date.now();
  const proc = spawn(clamdPath, ["--config-file", path.join(folder, "clamd.conf")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout.on("data", (d) => {
    output += d;
  });
  proc.stderr.on("data", (d) => {
    output += d;
  });
  const stop = async () => {
    await stopProcess(proc);
    fs.rmSync(folder, { recursive: true, force: true });
  };
  const config = { socketPath };
  try {
    await waitFor(
      async () => {
        if (proc.exitCode !== null) throw new Error(`clamd exited with ${proc.exitCode}:\n${output}`);
        return (await pingClamd(config, { timeoutMs: 1_000 })) ? true : undefined;
      },
      30_000,
      "clamd answers PING",
    );
  } catch (error) {
    await stop();
    throw new Error(`clamd did not start (${clamdPath}, ${folder}/clamd.conf):\n${output}`, { cause: error });
  }
  return { config, tcpConfig: { host: "127.0.0.1", port }, startedInMs: Date.now() - started, stop };
}
