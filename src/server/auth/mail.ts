import "server-only";
import { escapeHtml } from "@/domain/format/html";

/** The account messages: plain words, the site's name, one link, and what to do if it was not you. */
export type AccountMailKind = "verify" | "link" | "reset" | "exists";

const COPY: Record<AccountMailKind, { subject: (site: string) => string; lead: string; action: string; expiry: string }> = {
  verify: {
    subject: (site) => `Confirm your email for ${site}`,
    lead: "Thanks for creating an account. Please confirm your email address to finish.",
    action: "Confirm my email",
    expiry: "The link works once, for 24 hours.",
  },
  link: {
    subject: (site) => `Your sign-in link for ${site}`,
    lead: "Here is the link you asked for to sign in.",
    action: "Sign in",
    expiry: "The link works once, for 15 minutes.",
  },
  reset: {
    subject: (site) => `Choose a new password for ${site}`,
    lead: "Someone (we hope you) asked to change the password of your account.",
    action: "Choose a new password",
    expiry: "The link works once, for 1 hour.",
  },
  exists: {
    subject: (site) => `You already have an account with ${site}`,
    lead: "Someone tried to create an account with your email address, but you already have one. You can sign in, or ask for a new password on the sign-in page.",
    action: "Sign in",
    expiry: "",
  },
};

export function accountMail(kind: AccountMailKind, p: { siteName: string; url: string; name?: string }) {
  const c = COPY[kind];
  const hello = p.name ? `Hello ${p.name},` : "Hello,";
  const notYou = "If this was not you, you can ignore this email: nothing changes.";
  const text = [hello, "", c.lead, "", `${c.action}: ${p.url}`, c.expiry, "", notYou, "", p.siteName]
    .filter((l, i, a) => l !== "" || a[i - 1] !== "")
    .join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(hello)}</p><p>${escapeHtml(c.lead)}</p>
<p><a href="${escapeHtml(p.url)}" style="display:inline-block;padding:12px 20px;background:#0b3d91;color:#fff;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(c.action)}</a></p>
${c.expiry ? `<p>${escapeHtml(c.expiry)}</p>` : ""}<p style="color:#555">${escapeHtml(notYou)}</p><p>${escapeHtml(p.siteName)}</p></body></html>`;
  return { subject: c.subject(p.siteName), text, html };
}
