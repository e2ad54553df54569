import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { PATHS } from "@/shared/paths";
import { homeForUserType } from "@/shared/user-home";
import type { UserType } from "@/shared/users";
import { LoadingScreen } from "@/web/components/ui/spinner";
import { useAuth } from "@/web/lib/auth";

// Spec section 4. It only decides what to show; the server checks every call on its own.
export function RoleGuard({
  allowed,
  fallback = PATHS.home,
  wrongRoleRedirect,
  children,
}: {
  /** Empty: any signed-in user. */
  allowed: UserType[];
  fallback?: string;
  /** Where a signed-in user of another type goes instead of their home (spec screen 9: /subscription sends them to /). */
  wrongRoleRedirect?: string;
  children: ReactNode;
}) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingScreen />;
  if (!user) return <Navigate to={PATHS.home} replace />;
  if (allowed.length > 0 && !allowed.includes(user.userType)) {
    return <Navigate to={wrongRoleRedirect ?? homeForUserType(user.userType, fallback)} replace />;
  }
  return <>{children}</>;
}
