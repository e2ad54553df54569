// npm run admin:create -- --email you@example.com --password '...' [--first-name A --last-name B]
// Creates an admin, or promotes the account with that email. Works on either database.
import { parseArgs } from "node:util";
import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/shared/auth";
import { ConfigError, loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { DataDirLockedError } from "../db/lock";
import { AppError } from "../errors";
import { createOrPromoteAdmin } from "../features/auth/service";

const argsSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("--email must be a valid email address")),
  password: z
    .string()
    .min(PASSWORD_MIN, `--password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX)
    .optional(),
  "first-name": z.string().trim().min(1).max(100).optional(),
  "last-name": z.string().trim().min(1).max(100).optional(),
});

async function run(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
    },
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    process.stderr.write(
      `${parsed.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("\n")}\n` +
        "usage: npm run admin:create -- --email EMAIL [--password PASSWORD] [--first-name NAME] [--last-name NAME]\n",
    );
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database, undefined, config.databaseLimits);
  try {
    const { user, created } = await createOrPromoteAdmin(
      { db: database.db, passwordScryptN: config.passwordScryptN },
      {
        email: parsed.data.email,
        password: parsed.data.password,
        firstName: parsed.data["first-name"],
        lastName: parsed.data["last-name"],
      },
    );
    process.stdout.write(`${created ? "Created admin" : "Promoted to admin"}: ${user.email} (id ${user.id})\n`);
    return 0;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (err) => {
    const known = err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof AppError;
    process.stderr.write(`${known ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(known ? 2 : 1);
  },
);
