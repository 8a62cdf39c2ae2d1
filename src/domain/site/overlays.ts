/**
 * What may sit fixed over a storefront page, and when it steps aside (docs/features/analytics-chat-widgets.md,
 * "What sits over the page"). Pure: the browser measures, these rules decide.
 */

/** A box on the screen, in CSS pixels from the viewport's top left. */
export type Box = { top: number; left: number; bottom: number; right: number };

/**
 * The kinds of fixed things: a bar (the dealer tools, the vehicle page's Enquire / Call), the chat
 * launcher, and the chat's teaser (an invitation, which may never sit over a card).
 */
export type OverlayKind = "bar" | "chat" | "teaser";

export const OVERLAY_KINDS: readonly OverlayKind[] = ["bar", "chat", "teaser"];

export type OverlayScene = {
  kind: OverlayKind;
  /** where the fixed thing is drawn */
  box: Box;
  viewport: { width: number; height: number };
  scrollY: number;
  /** below the desktop breakpoint, where the bars run along the screen's bottom */
  phone: boolean;
  /** a field has focus (the phone's keyboard is up): nothing may sit over what is being typed */
  editing: boolean;
  /** the page's forms */
  forms: readonly Box[];
  /** the page's primary actions: Enquire, Call, Submit, the heart */
  controls: readonly Box[];
  /** the vehicle cards */
  cards: readonly Box[];
};

/** Whether two boxes share more than a hairline (a pixel's rounding either way is not an overlap). */
export function overlaps(a: Box, b: Box): boolean {
  return Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
}

/**
 * Whether a fixed thing steps aside (fades out, takes no clicks) for now:
 * - while a field has focus, all of them;
 * - a bar on a phone on the first screen (until the shopper has scrolled half a screen): the page's
 *   own Enquire / Call / search come first, and the bar would sit over the first result;
 * - any of them over a form on the screen ("no bar over a form");
 * - the launcher and the teaser over a primary action, and the teaser over a card as well.
 * A bar does not step aside for the cards' buttons passing under it as the page scrolls (it would
 * blink); the layout leaves room below the last one.
 */
export function stepsAside(s: OverlayScene): boolean {
  if (s.editing) return true;
  if (s.kind === "bar" && s.phone && s.scrollY < s.viewport.height / 2) return true;
  const onScreen = (b: Box) => b.bottom > 0 && b.top < s.viewport.height && b.right > 0 && b.left < s.viewport.width;
  const over = (list: readonly Box[]) => list.some((b) => onScreen(b) && overlaps(b, s.box));
  if (over(s.forms)) return true;
  if (s.kind === "bar") return false;
  return over(s.controls) || (s.kind === "teaser" && over(s.cards));
}

/** The spec's mobile breakpoint: a viewport narrower than this is a phone's. */
export const MOBILE_BELOW_PX = 768;

/**
 * Whether the chat's teaser is due: the spec's 3000 ms after load (CHAT_TEASER_MS). On a desktop it
 * sits in the page's right margin, clear of the primary actions, so that is all; on a phone it would
 * sit over them on the first screen, so it waits too until the shopper has read on (readOn).
 */
export function teaserDue(s: { sinceLoadMs: number; teaserMs: number; viewportWidth: number; readOn: boolean }): boolean {
  if (s.sinceLoadMs < s.teaserMs) return false;
  return s.viewportWidth >= MOBILE_BELOW_PX || s.readOn;
}

/**
 * Whether the shopper has engaged with the page enough for the chat's teaser on a phone: read on by a third of
 * a screen (or to the end of a shorter page). Time on the page is the other half of the rule
 * (CHAT_TEASER_MS), counted by the chat itself.
 */
export function readOn(scrollY: number, viewportHeight: number, maxScroll: number): boolean {
  if (maxScroll <= 0) return false;
  return scrollY >= Math.min(viewportHeight / 3, maxScroll);
}

/** What the page knows of a control (a link, a button). */
export type Control = { label: string; href: string | null; submit: boolean; heart: boolean };

/**
 * Whether a control is a primary action, which the chat's launcher and teaser may not cover: the
 * heart, a Submit, a phone call, and Enquire (Enquire Now, Enquire about this…, Message Now, Send).
 */
export function isPrimaryAction(c: Control): boolean {
  if (c.submit || c.heart) return true;
  if (c.href !== null && (c.href.startsWith("tel:") || c.href.includes("#enquiry-form"))) return true;
  return /^(enquire|message now|send\b|call\b)/i.test(c.label.trim());
}

/** A path without its query, hash and trailing slash ("/" stays). */
const bare = (href: string) => (href.split(/[?#]/)[0]!.replace(/\/+$/, "") || "/").toLowerCase();

/** The dealer tools without the one for the page the shopper is on (no "Value My Trade" on the trade-in page). */
export function toolsFor<T extends { href: string }>(tools: readonly T[], pathname: string): T[] {
  const here = bare(pathname);
  return tools.filter((t) => !t.href.startsWith("/") || bare(t.href) !== here);
}
