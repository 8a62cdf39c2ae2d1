import "server-only";
import { randomBytes } from "node:crypto";
import { INVITATION_TTL_MS, InviteSchema, mayGrant, roleOn, STAFF_MSG } from "@/domain/staff/roles";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { HttpError, json } from "@/server/http/api";
import { sendMail } from "@/server/mail/mailer";
import { createInvitation, findStaffByEmail, removeRole } from "@/server/repositories/staff";
import { getSiteById } from "@/server/repositories/sites";
import { originFor } from "@/server/auth/auth";
import { invitationTokenHash, type Staff } from "../staff-auth";
import { adminRoute, actor, bodyOf, flashCookie, parsed, seeOther } from "./handler";
import { possessive } from "@/domain/format/possessive";
import { inviterName, senderName } from "@/domain/staff/inviter";
import { env } from "@/server/base/env";

/* The team: `/api/admin/sites/{siteId}/invitations` and `/staff/{userId}`. */

/** The team page's invite form refused without JavaScript: the email and role typed and the messages, for a minute. */
export const INVITE_FLASH_COOKIE = "invite_form";
const INVITE_FIELDS = ["email", "role"];

/**
 * POST /api/admin/sites/{siteId}/invitations — {email, role}; owners only. An existing staff member
 * gets the role once they accept. The team page's form also posts it plainly (it works without
 * JavaScript, and an email never falls back into an address): back to the team (303) saying it was
 * sent, or, refused, with what was typed and the messages in a one-minute cookie.
 */
export const postInvitation = adminRoute<{ siteId: string }>(
  async (req, { staff, siteId }) => {
    const posted = await bodyOf(req);
    if (!posted.form) return invite(req, staff, siteId, posted.raw);
    const form = Object.fromEntries(Object.entries(posted.form).filter(([k]) => INVITE_FIELDS.includes(k)));
    const page = `/sites/${siteId}/team`;
    try {
      await invite(req, staff, siteId, form);
      return seeOther(`${page}?invite=sent#invite`);
    } catch (e) {
      if (!(e instanceof HttpError) || e.status !== 422) throw e;
      const attempt = crypto.randomUUID().slice(0, 8);
      const errors = { ...e.errors, form: e.message };
      return seeOther(
        `${page}?invite=${attempt}#invite`,
        flashCookie(req, INVITE_FLASH_COOKIE, { site: siteId, attempt, errors, values: form }),
      );
    }
  },
  { permission: "staff.manage", write: true },
);

/** Checks the invitation, records it and emails its link (the same words whether the email has a staff account). */
async function invite(req: Request, staff: Staff, siteId: number, raw: unknown) {
  const body = parsed(InviteSchema, raw, "Please check the highlighted fields.");
  if (!mayGrant(roleOn(staff.roles, siteId), body.role)) throw new HttpError(403, STAFF_MSG.forbidden);
  const db = await getDb();
  const site = await getSiteById(db, siteId);
  if (!site) throw new HttpError(404, "Unknown site.");
  const origin = originFor(req.headers.get("host")!);
  // everyone is invited the same way and answered the same words (whether the email
  // has a staff account is never said), and nobody gets a role before accepting it
  const existing = await findStaffByEmail(db, body.email);
  const token = randomBytes(24).toString("base64url");
  await createInvitation(
    db,
    {
      siteId,
      email: body.email,
      role: body.role,
      tokenHash: invitationTokenHash(token),
      expiresAt: new Date(serverNow() + INVITATION_TTL_MS),
    },
    actor(staff),
  );
  const link = `${origin}/accept-invite?token=${token}`;
  const from = inviterName(staff, senderName(env().MAIL_FROM));
  await sendMail({
    to: body.email,
    // the site's name over the platform's address: the invitation is from the dealer
    from: { name: site.name },
    subject: `${from} invited you to ${possessive(site.name)} back-office`,
    text: existing
      ? `${from} invited you to work on ${site.name} as ${body.role}.\n\nTo accept, open this link and enter your staff password (it works for 7 days, once):\n${link}\n\nIf you did not expect this, ignore this message: nothing changes until you accept.\n`
      : `${from} invited you to work on ${site.name} as ${body.role}.\n\nChoose your password here (the link works for 7 days, once):\n${link}\n\nIf you did not expect this, ignore this message.\n`,
  });
  return json(200, { ok: true, message: STAFF_MSG.inviteSent });
}

/** DELETE /api/admin/sites/{siteId}/staff/{userId} — owners only; an owner cannot remove themselves. */
export const deleteStaffRole = adminRoute<{ siteId: string; userId: string }>(
  async (_req, { staff, params, siteId }) => {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(params.userId)) throw new HttpError(404, "Unknown staff member.");
    if (params.userId === staff.id) throw new HttpError(409, "You cannot remove yourself. Ask another owner.");
    if (!(await removeRole(await getDb(), siteId, params.userId, actor(staff)))) throw new HttpError(404, "Unknown staff member.");
    return json(200, { ok: true });
  },
  { permission: "staff.manage", write: true },
);
