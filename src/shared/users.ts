import { z } from "zod";

export const USER_TYPES = ["client", "provider", "admin"] as const;
export type UserType = (typeof USER_TYPES)[number];
export const userTypeSchema = z.enum(USER_TYPES);

/** An account: who it is and its role, as the user reads itself and as the admins' list shows it. */
export const accountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: userTypeSchema,
});

/** What GET /api/auth/user answers (spec section 3, User). */
export const publicUserSchema = accountSchema.extend({
  totalPoints: z.number().int(),
  level: z.number().int(),
  createdAt: z.string(),
  /** Whether the owner has confirmed the email by its link (decision 114). */
  emailVerified: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** A person another record points to (who resolved an alert, a report): id and name. */
export const personNameSchema = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() });
/** The same with the address, where an admin or a provider may write to them. */
export const personContactSchema = personNameSchema.extend({ email: z.string() });
