/*
 * What an audit entry is about, as a manager reads it ("location:10012" in the log):
 * the location's or dealership's name, "Vehicle PMG10350", "Offer: winter-sale", "Site settings".
 */

const KINDS: Record<string, string> = {
  vehicle: "Vehicle",
  import: "Stock import",
  invitation: "Invitation for",
  staff: "Staff member",
  page: "Page",
  post: "Post",
  offer: "Offer",
};

export function auditSubject(
  entity: string,
  names: { locations: ReadonlyArray<{ id: number; name: string }>; dealerships: ReadonlyArray<{ id: number; name: string }> },
): string {
  if (entity === "site") return "Site settings";
  const at = entity.indexOf(":");
  if (at < 0) return entity;
  const [kind, ref] = [entity.slice(0, at), entity.slice(at + 1)];
  if (kind === "location" || kind === "dealership") {
    const found = (kind === "location" ? names.locations : names.dealerships).find((x) => String(x.id) === ref);
    return found ? found.name : `${kind === "location" ? "Location" : "Dealership"} ${ref}`;
  }
  return Object.hasOwn(KINDS, kind) ? `${KINDS[kind]} ${ref}` : `${kind.replace(/^./, (c) => c.toUpperCase())} ${ref}`;
}

/*
 * What an audit entry did, in the words a dealer uses ("Published the site", not "site.publish").
 * Every action the server writes has its words here: a test reads the server's sources, so a new
 * action without words fails it. A bulk edit on the stock list says which one it was.
 */
export const AUDIT_ACTIONS: Readonly<Record<string, string>> = {
  "site.create": "Created the site",
  "site.update": "Changed the site's details",
  "site.publish": "Published the site",
  "site.unpublish": "Took the site offline",
  "location.create": "Added a location",
  "location.update": "Edited a location",
  "dealership.create": "Added a dealership",
  "dealership.update": "Edited a dealership",
  "opening_hours.update": "Changed the opening hours",
  "special_hours.update": "Changed the holiday hours",
  "switches.update": "Turned features on or off",
  "lead_delivery.update": "Changed where leads are sent",
  "lead_handling.update": "Changed how leads are handled",
  "reply_templates.update": "Changed the reply templates",
  "finance.update": "Changed the finance settings",
  "lead.assign": "Assigned a lead",
  "lead.take": "Took a lead",
  "lead.call": "Logged a call",
  "staff.invite": "Invited a staff member",
  "staff.role": "Changed a staff member's role",
  "staff.remove": "Removed a staff member",
  "content.create": "Added content (a page, post or offer)",
  "content.update": "Edited content (a page, post or offer)",
  "content.delete": "Deleted content (a page, post or offer)",
  "vehicle.create": "Added a car",
  "vehicle.update": "Edited a car",
  "vehicle.hand_back": "Handed a car back to the stock feed",
  "vehicle.photos.add": "Added photos to a car",
  "vehicle.photos.replace": "Replaced a car's photos",
  "vehicle.photos.edit": "Reordered or edited a car's photos",
  "vehicle.photos.delete": "Deleted a car's photo",
  "vehicle.photos.hand-back": "Handed a car's photos back to the stock feed",
  "stock.import": "Imported stock",
};

const BULK_WORDS: Readonly<Record<string, string>> = {
  sold: "Marked a car sold",
  hide: "Hid a car from the website",
  show: "Showed a car on the website",
  move: "Moved a car to another location",
  price: "Changed a car's price",
};

const CONTENT_KINDS: Readonly<Record<string, string>> = { page: "a page", post: "a post", offer: "an offer" };
const CONTENT_VERBS: Readonly<Record<string, string>> = {
  "content.create": "Added",
  "content.update": "Edited",
  "content.delete": "Deleted",
};

/**
 * The words for an entry's action. `entity` is what it is about ("offer:winter-sale" makes a content
 * edit "Edited an offer"); `after` is what it wrote (a stock-list bulk edit names its kind there).
 */
export function auditAction(action: string, entity = "", after?: unknown): string {
  const kind = entity.slice(0, Math.max(0, entity.indexOf(":")));
  if (Object.hasOwn(CONTENT_VERBS, action) && Object.hasOwn(CONTENT_KINDS, kind)) return `${CONTENT_VERBS[action]} ${CONTENT_KINDS[kind]}`;
  const bulk = after && typeof after === "object" && "bulk" in after ? (after as { bulk: unknown }).bulk : undefined;
  if (action === "vehicle.update" && typeof bulk === "string" && Object.hasOwn(BULK_WORDS, bulk)) return BULK_WORDS[bulk]!;
  if (Object.hasOwn(AUDIT_ACTIONS, action)) return AUDIT_ACTIONS[action]!;
  // an action from a newer release than this table: its words without the dots, never the code
  const words = action.replace(/[._-]+/g, " ").trim();
  return words ? `Changed: ${words}` : "Changed";
}
