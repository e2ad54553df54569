// A notification with its email written as a feature writes one: through notifyUser, in a transaction of
// its own (which also asks for the sender). For the tests of the outbox and of the email preferences.
import type { NotificationKind } from "@/shared/notifications";
import { notifyUser } from "../features/notifications/service";
import type { TestContext, TestUser } from "./test-app";

export function notifyWithEmail(
  ctx: TestContext,
  user: Pick<TestUser, "id" | "email">,
  kind: NotificationKind,
  email: { to?: string; subject: string },
) {
  return ctx.database.db.transaction((tx) =>
    notifyUser(tx, ctx.deps, {
      userId: user.id,
      kind,
      title: "A test notification",
      body: "b",
      email: { to: email.to ?? user.email, subject: email.subject, text: "plain", html: "<p>html</p>" },
    }),
  );
}
