// Apart from users.ts, whose zod schemas the route guard must not pull into the first load (decision 120).

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
