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
