/** Timings for analytics and widgets, in one place. */
export const ANALYTICS_DEFER_MS = 3000;
/** the chat's teaser: this long after the page loads (the spec's 3000 ms); on a phone also once the shopper has read on (teaserDue) */
export const CHAT_TEASER_MS = 3000;
/** how often the chat checks whether the shopper has engaged yet */
export const ENGAGEMENT_POLL_MS = 500;
export const WIDGET_POLL_MS = 100;
/** how long a widget is polled for before a missing chat frame is logged (our choice; the spec gives the poll only) */
export const WIDGET_READY_TIMEOUT_MS = 10_000;
export const CHAT_OPEN_DELAY_MS = 1300;
export const COLLAPSE_MS = 300;
/** How often the page checks whether the shopper has reached its bottom (the fixed phone bars step aside) */
export const PAGE_BOTTOM_POLL_MS = 300;
/** within this many pixels of the end a page counts as scrolled to its bottom */
export const PAGE_BOTTOM_SLACK_PX = 24;
