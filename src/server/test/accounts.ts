// Accounts in states the product no longer makes, which the data of earlier versions still holds.
import { eq } from "drizzle-orm";
import { users } from "../db/schema/users";
import type { TestContext, TestUser } from "./test-app";

/**
 * The account as one made before addresses were confirmed (decision 114): its address unconfirmed, with
 * requests matched while it was. A new account's requests reach providers only once it is confirmed
 * (decision 150), so a test sets this up after the matching.
 */
export async function unconfirmLikeAnEarlyAccount(ctx: TestContext, user: Pick<TestUser, "id">): Promise<void> {
  await ctx.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
}
