// `npm run admin:create`: the command line's way to the first admin, run as a real process on an
// embedded database folder, then checked by signing in through the app.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { users } from "../db/schema/users";
import { verifyPassword } from "../features/auth/password";
import { copyMigratedDataDir } from "../test/processes";

const root = path.resolve(import.meta.dirname, "../../..");

function adminCreate(dataDir: string, args: string[]) {
  // The embedded database in this folder, whatever the environment of the test run says.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const res = spawnSync(process.execPath, ["--import", "tsx", "src/server/cli/admin-create.ts", ...args], {
    cwd: root,
    // The tests' password cost: at production's, each hash on its thread at nice 10 (decision 165) takes
    // seconds when the suite's other processes hold both cores.
    env: { ...env, DATA_DIR: dataDir, DEMO_DATA: "false", PASSWORD_SCRYPT_N: "1024" },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

async function readUser(dataDir: string, email: string) {
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    return row;
  } finally {
    await database.close();
  }
}

describe("npm run admin:create", () => {
  it("creates an admin with a password, then promotes an existing account, and refuses bad input", async () => {
    const dataDir = copyMigratedDataDir("automatch-admin-");

    const created = adminCreate(dataDir, ["--email", "Root@Example.com", "--password", "a-long-password-1"]);
    expect(created.err).toBe("");
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/^Created admin: root@example\.com \(id \d+\)/);
    const admin = await readUser(dataDir, "root@example.com");
    expect(admin?.userType).toBe("admin");
    expect(await verifyPassword("a-long-password-1", admin?.passwordHash ?? "")).toBe(true);

    const again = adminCreate(dataDir, ["--email", "root@example.com"]);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/^Promoted to admin: root@example\.com/);

    const noPassword = adminCreate(dataDir, ["--email", "nobody@example.com"]);
    expect(noPassword.code).not.toBe(0);
    expect(noPassword.err).toContain("No account has this email: give --password to create one.");
    expect(await readUser(dataDir, "nobody@example.com")).toBeUndefined();

    const badEmail = adminCreate(dataDir, ["--email", "not-an-email", "--password", "a-long-password-1"]);
    expect(badEmail.code).toBe(2);
    expect(badEmail.err).toContain("--email must be a valid email address");
  }, 120_000);
});
