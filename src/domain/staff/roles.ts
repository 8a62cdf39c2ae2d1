import { z } from "zod";
import { textBlock, textLine } from "../text-schema";
import { isDate } from "../reports/range";

/*
 * The dealer back-office's rules, pure: who may do what on a site, how a lead's status
 * moves, and the shapes of the back-office's forms (one zod schema for the form and the server).
 */

export const STAFF_ROLES = ["owner", "manager", "sales"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export type SiteRole = { siteId: number; role: StaffRole };

export type StaffAction =
  | "leads.read"
  | "leads.update"
  | "leads.assign"
  | "leads.export"
  | "stock.read"
  | "stock.edit"
  | "settings.edit"
  | "audit.read"
  | "reports.read"
  | "staff.manage";

const RANK: Record<StaffRole, number> = { sales: 1, manager: 2, owner: 3 };

/** The least role an action needs: sales work leads and see stock; managers run stock and settings and read the reports; owners manage staff. */
const NEEDS: Record<StaffAction, StaffRole> = {
  "leads.read": "sales",
  "leads.update": "sales",
  "stock.read": "sales",
  "stock.edit": "manager",
  "settings.edit": "manager",
  "audit.read": "manager",
  // what the site brings in is for managers and owners
  "reports.read": "manager",
  // a manager hands leads to the team
  "leads.assign": "manager",
  // every lead's contact details leave the building only with a manager or owner (a salesperson exports their own)
  "leads.export": "manager",
  "staff.manage": "owner",
};

export function isStaffRole(v: unknown): v is StaffRole {
  return typeof v === "string" && (STAFF_ROLES as readonly string[]).includes(v);
}

export function can(role: StaffRole | null | undefined, action: StaffAction): boolean {
  return !!role && RANK[role] >= RANK[NEEDS[action]];
}

/** The staff member's role on one site, or null when they have none there. */
export function roleOn(roles: readonly SiteRole[], siteId: number): StaffRole | null {
  return roles.find((r) => r.siteId === siteId)?.role ?? null;
}

/** The sites on which the staff member may do this (every back-office query is scoped to these). */
export function sitesFor(roles: readonly SiteRole[], action: StaffAction): number[] {
  return roles.filter((r) => can(r.role, action)).map((r) => r.siteId);
}

/**
 * The sites in a staff member's group view of reports: where they read reports, in id
 * order; none for a platform operator, who holds every site and whose list of them is the console.
 */
export function groupSiteIds(staff: { roles: readonly SiteRole[]; operator: boolean }): number[] {
  return staff.operator ? [] : sitesFor(staff.roles, "reports.read").sort((a, b) => a - b);
}

/** Roles an inviter may hand out: an owner any, nobody else any. */
export function mayGrant(inviter: StaffRole | null, role: StaffRole): boolean {
  return inviter === "owner" && isStaffRole(role);
}

// — leads —

export const LEAD_STATUSES = ["new", "contacted", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = { new: "New", contacted: "Contacted", won: "Won", lost: "Lost" };

/** new → contacted → won | lost; a closed lead may be reopened as contacted; never back to new. */
const NEXT: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ["contacted", "won", "lost"],
  contacted: ["won", "lost"],
  won: ["contacted"],
  lost: ["contacted"],
};

export function nextStatuses(from: LeadStatus): readonly LeadStatus[] {
  return NEXT[from];
}

export function canMove(from: LeadStatus, to: LeadStatus): boolean {
  return from === to || NEXT[from].includes(to);
}

export function asLeadStatus(v: unknown): LeadStatus {
  return typeof v === "string" && (LEAD_STATUSES as readonly string[]).includes(v) ? (v as LeadStatus) : "new";
}

/** A status change and/or a note on a lead. */
export const LeadUpdateSchema = z
  .object({
    status: z.enum(LEAD_STATUSES, { error: "Choose a status" }),
    note: textBlock().trim().max(2000, "Keep the note under 2,000 characters").default(""),
  })
  .strict();
export type LeadUpdate = z.infer<typeof LeadUpdateSchema>;

/** POST /api/admin/leads/{id}/assign: the staff member of the lead's site to give it to. */
export const LeadAssignSchema = z
  .object({ staff_id: textLine({ error: "Choose someone from the team" }).regex(/^[A-Za-z0-9_-]{1,64}$/, "Choose someone from the team") })
  .strict();

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** The inbox's quick views: today's leads, leads not contacted yet, the staff member's own, and open leads whose follow-up day has come. */
export const LEAD_VIEWS = ["today", "new", "mine", "follow_up"] as const;
export type LeadView = (typeof LEAD_VIEWS)[number];
export const LEAD_VIEW_LABELS: Record<LeadView, string> = {
  today: "Today",
  new: "Not contacted",
  mine: "Mine",
  follow_up: "Follow-up due",
};

/** The inbox's filters, from the query string: anything unreadable is left out (never an error page). */
export const LeadFilterSchema = z.object({
  view: z.enum(LEAD_VIEWS).optional().catch(undefined),
  site: id.optional().catch(undefined),
  location: id.optional().catch(undefined),
  form: textLine().trim().min(1).max(100).optional().catch(undefined),
  status: z.enum(LEAD_STATUSES).optional().catch(undefined),
  // a calendar date (isDate checks the shape too)
  from: textLine().refine(isDate).optional().catch(undefined),
  to: textLine().refine(isDate).optional().catch(undefined),
  /** keyset: the created_at|id of the last row on the previous page */
  before: textLine()
    .regex(/^\d{13}\|[0-9a-f-]{36}$/)
    .optional()
    .catch(undefined),
});
export type LeadFilter = z.infer<typeof LeadFilterSchema>;

const LEAD_FILTER_KEYS = ["view", "site", "location", "form", "status", "from", "to", "before"] as const;

export function leadFilterOf(params: URLSearchParams | Record<string, string | string[] | undefined>): LeadFilter {
  const get = (k: string) => {
    const v = params instanceof URLSearchParams ? params.get(k) : params[k];
    const one = Array.isArray(v) ? v[0] : v;
    return one === "" || one === null ? undefined : one;
  };
  return LeadFilterSchema.parse(Object.fromEntries(LEAD_FILTER_KEYS.map((k) => [k, get(k)])));
}

/** The query string of a filter (for links and the CSV export), keys in a fixed order. */
export function leadFilterQuery(f: LeadFilter, extra: Partial<LeadFilter> = {}): string {
  const all = { ...f, ...extra } as Record<string, unknown>;
  const q = new URLSearchParams();
  for (const k of LEAD_FILTER_KEYS) if (all[k] !== undefined && all[k] !== null && all[k] !== "") q.set(k, String(all[k]));
  const s = q.toString();
  return s ? `?${s}` : "";
}

// — staff —

const email = textLine().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address"));
const password = textLine().min(10, "Use at least 10 characters").max(128, "Use at most 128 characters");

export const StaffSignInSchema = z.object({ email, password: textLine().min(1, "Enter your password").max(128) });
export const InviteSchema = z.object({ email, role: z.enum(STAFF_ROLES, { error: "Choose a role" }) });
export const AcceptInviteSchema = z.object({
  token: textLine().regex(/^[A-Za-z0-9_-]{20,100}$/, "This invitation link is not valid"),
  /** a new account's name; an existing staff member accepts with their password alone */
  name: textLine().trim().max(100).optional(),
  password,
});

export const STAFF_MSG = {
  signIn: "That email and password do not match a staff account.",
  forbidden: "You do not have access to that.",
  exportAll: "Only a manager or the owner can export all leads. Export yours from Mine.",
  signedOut: "You have been signed out.",
  inviteSent: "Invitation sent.",
  inviteBad: "This invitation link has expired or was already used. Ask the site's owner for a new one.",
  invitePassword: "That is not the password of this staff account.",
} as const;

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
