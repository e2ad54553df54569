// The provider a client invites from its profile (decision 172): `?provider=<slug>` on the wizard's
// address, kept in the tab's session storage so that it survives signing in or up on the way (the
// landing remembers it too) and a reload, until the request is sent or the client removes it.
const KEY = "automatch:invited-provider";
const SLUG = /^[a-z0-9-]{1,80}$/;

/** The slug the address names, remembered; else the one remembered earlier in this tab; else null. */
export function takeInvite(): string | null {
  try {
    const named = new URLSearchParams(window.location.search).get("provider");
    if (named !== null && SLUG.test(named)) sessionStorage.setItem(KEY, named);
    const kept = sessionStorage.getItem(KEY);
    return kept !== null && SLUG.test(kept) ? kept : null;
  } catch {
    // Storage refused (a private mode): the invitation lasts as long as the address names it.
    return null;
  }
}

export function forgetInvite(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
