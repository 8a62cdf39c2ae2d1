/** The customer-session cookie (host-only, httpOnly, SameSite=Lax; Secure cookies get the __Secure- prefix outside localhost). */
export const SESSION_COOKIE = "garage_session";
/** Every name the cookie may have: a request carrying one is personal (never served from or stored in the page cache). */
export const SESSION_COOKIE_NAMES = [SESSION_COOKIE, `__Secure-${SESSION_COOKIE}`];

/** A draft site's preview cookie (host-only, httpOnly): staff see the site, everyone else "coming soon". Personal too. */
export const PREVIEW_COOKIE = "site_preview";
