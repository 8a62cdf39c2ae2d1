import "../zod-config";
import { z } from "zod";
import { textLine } from "../text-schema";
import { MSG, ZIP_MESSAGE } from "../leads/messages";
import { phoneError, type PhoneMarket } from "../leads/phone";
import { isCommonPassword } from "./passwords";

/**
 * The account forms' fields, shared by the browser forms and the server (which validates every
 * body with the same schema before the authentication library sees it: 422 with field messages).
 */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

export const ACCOUNT_MSG = {
  email: "Please enter a valid email address.",
  name: "Please enter your name.",
  password: `Please choose a password of ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
  passwordCommon: "That password is too common and appears in known data breaches. Please choose another.",
  passwordRequired: "Please enter your password.",
  signIn: "That email and password do not match an account on this site.",
  notVerified: "Please confirm your email address first: we have sent you a new link.",
  linkSent: "If there is an account for that email, a sign-in link is on its way. It works once, for 15 minutes.",
  resetSent: "If there is an account for that email, a link to choose a new password is on its way. It works once, for 1 hour.",
  signedUp: "Check your email: we have sent a link to confirm your address. It works once, for 24 hours.",
  resetDone: "Your password has been changed. Please sign in with it.",
  resetBad: "That link has expired or has already been used. Please ask for a new one.",
  tooMany: "Too many attempts from this connection. Please wait a few minutes and try again.",
} as const;

const email = textLine().trim().toLowerCase().max(254, ACCOUNT_MSG.email).pipe(z.email(ACCOUNT_MSG.email));
const newPassword = textLine()
  .min(PASSWORD_MIN, ACCOUNT_MSG.password)
  .max(PASSWORD_MAX, ACCOUNT_MSG.password)
  .refine((p) => !isCommonPassword(p), ACCOUNT_MSG.passwordCommon);

export const SignUpSchema = z.object({
  name: textLine().trim().min(1, ACCOUNT_MSG.name).max(100, ACCOUNT_MSG.name),
  email,
  password: newPassword,
  callbackURL: textLine().max(512).optional(),
});
export const SignInSchema = z.object({
  email,
  password: textLine().min(1, ACCOUNT_MSG.passwordRequired).max(PASSWORD_MAX, ACCOUNT_MSG.signIn),
  callbackURL: textLine().max(512).optional(),
  rememberMe: z.boolean().optional(),
});
export const MagicLinkSchema = z.object({ email, callbackURL: textLine().max(512).optional() });
export const ForgotPasswordSchema = z.object({ email, redirectTo: textLine().max(512).optional() });
export const ResetPasswordSchema = z.object({ newPassword, token: textLine().min(1).max(200) });

/** The library's endpoints a browser may post to, each with the schema its body must pass. */
export const AUTH_POST_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  "/sign-up/email": SignUpSchema,
  "/sign-in/email": SignInSchema,
  "/sign-in/magic-link": MagicLinkSchema,
  "/request-password-reset": ForgotPasswordSchema,
  "/reset-password": ResetPasswordSchema,
  "/sign-out": z.object({}).loose(),
};

/** Finance sign-in (and every other): back to `redirect` only when it is a path of this site. */
export function safeRedirect(raw: string | null | undefined, fallback = "/my-garage"): string {
  if (!raw || raw.length > 512) return fallback;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return fallback;
  // control characters and backslashes are how browsers get talked into another host
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return fallback;
  try {
    const u = new URL(raw, "http://same.invalid");
    if (u.host !== "same.invalid") return fallback;
    return `${u.pathname}${u.search}${u.hash}`;
  } catch {
    return fallback;
  }
}

/** The garage's saved details (they prefill every enquiry form): the lead forms' rules for each field, all optional. */
export function savedDetailsSchema(country: string) {
  const market: PhoneMarket = country === "NZ" ? "NZ" : country === "US" ? "US" : "AU";
  const optional = (inner: z.ZodType<string, string>) =>
    z
      .union([z.literal(""), inner])
      .optional()
      .default("");
  const name = textLine()
    .trim()
    .max(50, MSG.alpha)
    .regex(/^[\p{L}\s'-]+$/u, MSG.alpha);
  return z
    .object({
      name: optional(name),
      last_name: optional(name),
      phone: optional(
        textLine()
          .trim()
          .max(30)
          .superRefine((v, ctx) => {
            const e = phoneError(v, market);
            if (e) ctx.addIssue({ code: "custom", message: e });
          }),
      ),
      postcode: optional(
        country === "US"
          ? textLine()
              .trim()
              .regex(/^\d{5}$/, ZIP_MESSAGE)
          : textLine()
              .trim()
              .regex(/^\d{4}$/, MSG.postcode),
      ),
    })
    .strict();
}
export type SavedDetails = z.infer<ReturnType<typeof savedDetailsSchema>>;

/** POST /api/account/watchlist: the cars to add (one heart, or the browser's favourites merged on sign-in). */
export const WatchlistAddSchema = z.object({
  vehicle_ids: z
    .array(
      z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
      { error: "Give a list of vehicle ids." },
    )
    .min(1, "Give at least one vehicle id.")
    .max(100, "Give up to 100 vehicle ids."),
});

/**
 * PUT /api/account/alerts: turn one alert on or off: a watched car's (price drops and
 * sale) by `vehicle_id`, or a saved search's (new matches) by `search_id`; exactly one of the two.
 */
export const AlertSwitchSchema = z
  .object({
    vehicle_id: z
      .number({ error: "Give the vehicle id as a number." })
      .int()
      .positive()
      .max(2 ** 31 - 1)
      .optional(),
    search_id: z.uuid({ error: "Give the saved search's id." }).optional(),
    alerts: z.boolean({ error: "Say true to turn alerts on, false to turn them off." }),
  })
  .strict()
  .refine((b) => (b.vehicle_id === undefined) !== (b.search_id === undefined), {
    error: "Give either a vehicle id or a saved search id.",
    path: ["form"],
  });
export type AlertSwitch = z.infer<typeof AlertSwitchSchema>;
