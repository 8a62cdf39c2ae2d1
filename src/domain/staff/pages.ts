import { can, STAFF_MSG, STAFF_ROLES, type StaffAction, type StaffRole } from "./roles";

/*
 * The back-office's pages a role may not open: each page of a site (its path under the back-office,
 * as its folder under src/app/admin is named) with its name and the action opening it needs. The
 * loaders ask by this key, and a refused page says from it who can open it. Pure.
 */
export const ADMIN_PAGES = {
  "sites/[siteId]/stock": { name: "Stock", action: "stock.read" },
  "sites/[siteId]/stock/new": { name: "Add a car", action: "stock.edit" },
  "sites/[siteId]/stock/import": { name: "Import a CSV", action: "stock.edit" },
  "sites/[siteId]/stock/[id]": { name: "a car's editor", action: "stock.edit" },
  "sites/[siteId]/settings": { name: "Settings", action: "settings.edit" },
  "sites/[siteId]/content": { name: "Content", action: "settings.edit" },
  "sites/[siteId]/content/new": { name: "Content", action: "settings.edit" },
  "sites/[siteId]/content/[id]": { name: "Content", action: "settings.edit" },
  "sites/[siteId]/audit": { name: "Audit log", action: "audit.read" },
  "sites/[siteId]/reports": { name: "Reports", action: "reports.read" },
  "sites/[siteId]/team": { name: "Team", action: "staff.manage" },
  reports: { name: "All reports", action: "reports.read" },
} as const satisfies Record<string, { name: string; action: StaffAction }>;
export type AdminPage = keyof typeof ADMIN_PAGES;

const ROLE_WORDS: Record<StaffRole, string> = { sales: "a salesperson", manager: "a manager", owner: "the owner" };

/** The roles that may do this, in words ("a manager or the owner"). */
export function whoMay(action: StaffAction): string {
  const words = STAFF_ROLES.filter((r) => can(r, action))
    .reverse()
    .map((r) => ROLE_WORDS[r]);
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} or ${words.at(-1)}` : (words[0] ?? "nobody");
}

const patterns = (Object.keys(ADMIN_PAGES) as AdminPage[]).map((key) => ({
  key,
  re: new RegExp(`^/${key.replace(/\[[^\]]+\]/g, "[^/]+")}$`),
}));

/** The page at a back-office path (as the browser asked for it, or as Next was given it under /admin). */
export function adminPageAt(path: string): AdminPage | null {
  const p = path.replace(/^\/admin(?=\/)/, "").replace(/(.)\/+$/, "$1");
  // a fixed name ("stock/new") wins over a pattern ("stock/[id]")
  const found = patterns.filter((x) => x.re.test(p)).sort((a, b) => a.key.split("[").length - b.key.split("[").length);
  return found[0]?.key ?? null;
}

/** What a page the staff member's role may not open says: who can open it. */
export function forbiddenMessage(path: string): string {
  const key = adminPageAt(path);
  const page = key && ADMIN_PAGES[key];
  // a page every role opens refuses only for another reason: the plain words
  if (!page || STAFF_ROLES.every((r) => can(r, page.action))) return STAFF_MSG.forbidden;
  return `Only ${whoMay(page.action)} can open ${page.name}.`;
}
