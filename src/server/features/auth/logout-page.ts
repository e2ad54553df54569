// The page a cross-site GET /api/logout gets instead of being signed out (decision 148): another site's
// link may not end a session, so the user confirms with a form that posts to this site. Plain HTML, no
// script (the CSP allows none inline), one small style block (style-src allows inline styles).
import { BRAND_NAME } from "@/shared/brand";
import { PATHS } from "@/shared/paths";
import { plainPage } from "../../http/plain-page";

export const LOGOUT_CONFIRM_PATH = "/api/logout";
export const LOGOUT_CONFIRM_TITLE = `Sign out of ${BRAND_NAME}?`;
export const LOGOUT_CONFIRM_TEXT = `A link on another site sent you here to sign out of ${BRAND_NAME}. Sign out only if you meant to.`;
export const LOGOUT_CONFIRM_BUTTON = "Sign Out";
export const LOGOUT_STAY_LINK = `Stay signed in and go to ${BRAND_NAME}`;

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}
main{max-width:28rem;margin:15vh auto;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}
h1{font-size:1.25rem;margin:0 0 .75rem}p{line-height:1.5;margin:0 0 1.5rem}
button{font:inherit;padding:.5rem 1rem;border:0;border-radius:.375rem;background:#0f172a;color:#fff;cursor:pointer}
a{margin-left:1rem;color:#1d4ed8}`;

/** The confirmation page: every text is a constant of this file, so nothing in it needs escaping. */
export function logoutConfirmPage(): string {
  return plainPage({
    title: LOGOUT_CONFIRM_TITLE,
    style: STYLE,
    body: `<main>
<h1>${LOGOUT_CONFIRM_TITLE}</h1>
<p>${LOGOUT_CONFIRM_TEXT}</p>
<form method="post" action="${LOGOUT_CONFIRM_PATH}">
<button type="submit">${LOGOUT_CONFIRM_BUTTON}</button>
<a href="${PATHS.home}">${LOGOUT_STAY_LINK}</a>
</form>
</main>`,
  });
}
