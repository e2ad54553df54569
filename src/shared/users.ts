import { z } from "zod";

export const USER_TYPES = ["client", "provider", "admin"] as const;
export type UserType = (typeof USER_TYPES)[number];
export const userTypeSchema = z.enum(USER_TYPES);

/** What GET /api/auth/user answers (spec section 3, User). */
export const publicUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: userTypeSchema,
  totalPoints: z.number().int(),
  level: z.number().int(),
  createdAt: z.string(),
  /** Whether the owner has confirmed the email by its link (decision 114). */
  emailVerified: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Where the route guard sends a signed-in user whose type a page does not admit (spec section 4). */
export function homeForUserType(type: string | undefined, fallback = "/"): string {
  switch (type) {
    case "client":
      return "/dashboard";
    case "provider":
      return "/provider-dashboard";
    case "admin":
      return "/admin";
    default:
      return fallback;
  }
}
