// The links of the public frame and the marketing pages (decision 120): plain anchors that navigate in
// the page through whoever provides `LinkNavigation`. Inside the app that is React Router (app.tsx); on
// a prerendered marketing page it is the light tree (app/marketing-app.tsx), which hydrates without
// the router and loads the app on the first navigation. Without a provider they are ordinary links.
import { type AnchorHTMLAttributes, createContext, type MouseEvent, type ReactNode, use } from "react";

export type LinkNavigation = {
  pathname: string;
  navigate: (to: string) => void;
  /** Called when a link is about to be used (pointer over it, focus): the navigation's code can start loading. */
  prepare?: () => void;
};

export const LinkNavigationContext = createContext<LinkNavigation | null>(null);

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "className" | "children">;
export type LinkProps = AnchorProps & { to: string; className?: string; children?: ReactNode };

/** A click the page should handle itself: the main button, no modifier key, no other target (as React Router's Link). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute("target");
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === "_self") &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export function Link({ to, onClick, onPointerEnter, onFocus, ...props }: LinkProps) {
  const navigation = use(LinkNavigationContext);
  return (
    <a
      {...props}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (navigation && isPlainClick(event)) {
          event.preventDefault();
          navigation.navigate(to);
        }
      }}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        navigation?.prepare?.();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        navigation?.prepare?.();
      }}
    />
  );
}

/** Whether `to` is the page shown: the same path, or with `end` unset a path under it (as React Router's NavLink). */
export function isActivePath(to: string, pathname: string, end: boolean): boolean {
  if (pathname === to) return true;
  if (end || to === "/") return false;
  return pathname.startsWith(`${to}/`);
}

/** A link that knows whether it leads to the page shown: `aria-current="page"` and its own classes then. */
export function NavLink({
  className,
  end = false,
  ...props
}: Omit<LinkProps, "className"> & { end?: boolean; className: (state: { isActive: boolean }) => string }) {
  const pathname = use(LinkNavigationContext)?.pathname ?? null;
  const isActive = pathname !== null && isActivePath(props.to, pathname, end);
  return <Link {...props} aria-current={isActive ? "page" : undefined} className={className({ isActive })} />;
}
