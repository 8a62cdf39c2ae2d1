import { FIELD_LABELS } from "./forms";

/*
 * The marketing consent a lead keeps (the Spam Act asks a sender to show consent): the exact words
 * beside the box the shopper saw, whether it was ticked, and when. Pure.
 */

/** The words beside the opt-in box, as every form shows them. */
export const OPT_IN_WORDING = FIELD_LABELS.opt_in;

export type MarketingConsent = { wording: string; ticked: boolean; at: string };

const isConsent = (c: unknown): c is MarketingConsent =>
  typeof c === "object" &&
  c !== null &&
  typeof (c as MarketingConsent).wording === "string" &&
  typeof (c as MarketingConsent).ticked === "boolean" &&
  typeof (c as MarketingConsent).at === "string" &&
  !Number.isNaN(Date.parse((c as MarketingConsent).at));

/**
 * The consent of a lead's opt-in answer given at `at`; null when the lead does not say (no box was
 * shown). The same answer sent again (an update) keeps the record of when it was first given.
 */
export function marketingConsent(optIn: unknown, at: Date, earlier?: unknown): MarketingConsent | null {
  if (typeof optIn !== "boolean") return null;
  if (isConsent(earlier) && earlier.ticked === optIn) return earlier;
  return { wording: OPT_IN_WORDING, ticked: optIn, at: at.toISOString() };
}

/**
 * The consent in words, its time as `when` writes it (a dealer's clock: answers.ts):
 * "Yes: ticked “…” on Friday 27 November, 11:47 pm"; null when there is none.
 */
export function consentText(c: unknown, when: (at: Date) => string): string | null {
  if (!isConsent(c)) return null;
  const at = when(new Date(c.at));
  return c.ticked ? `Yes: ticked “${c.wording}” on ${at}` : `No: left “${c.wording}” unticked on ${at}`;
}
