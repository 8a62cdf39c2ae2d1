import type { Metadata } from "next";
import { NO_DESTINATION_CHANNEL } from "@/domain/site/lead-destinations";
import { BackLink } from "@/components/admin/back-link";
import { notFound } from "next/navigation";
import { staffTime } from "@/components/admin/format";
import { LeadStatusForm } from "@/components/admin/lead-status-form";
import { AssignForm } from "@/components/admin/assign-form";
import { durationLabel, leadHandlingOf, responseState } from "@/domain/staff/response";
import { listSpecialHours } from "@/server/repositories/locations";
import { listSiteStaff } from "@/server/repositories/staff";
import { readableChanges } from "@/domain/leads/answers";
import { attemptText } from "@/domain/leads/delivery";
import { FORMS } from "@/domain/leads/forms";
import { vehicleHref } from "@/domain/site/vehicle";
import { telHref } from "@/domain/site/links";
import { can, LEAD_STATUS_LABELS, roleOn, sitesFor } from "@/domain/staff/roles";
import { requireStaff } from "@/server/admin/pages";
import { getDb } from "@/server/db";
import { requestWallNow } from "@/server/clock";
import { leadDetails } from "@/server/delivery/messages";
import { getInboxLead } from "@/server/repositories/inbox";
import { getSiteById } from "@/server/repositories/sites";
import { isCanonicalUuid } from "@/domain/ids";

export const metadata: Metadata = { title: "Lead" };

const FORM_TITLES: Record<string, string> = Object.fromEntries(Object.values(FORMS).map((f) => [f.kind, f.title]));
const CHANNEL: Record<string, string> = { email: "Email", adf_email: "ADF to CRM", webhook: "Webhook" };

// GET /leads/{id} — everything the shopper sent, where they came from, its files, its delivery and its history
export default async function LeadPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await requireStaff();
  const { id } = await params;
  if (!isCanonicalUuid(id)) notFound();
  const db = await getDb();
  const lead = await getInboxLead(db, sitesFor(staff.roles, "leads.read"), id);
  if (!lead) notFound();
  const site = await getSiteById(db, lead.siteId);
  const tz = lead.siteTimezone;
  const payload = lead.payload as Record<string, unknown>;
  const visited = Array.isArray(payload.visited_pages)
    ? (payload.visited_pages as unknown[]).filter((p): p is string => typeof p === "string")
    : [];
  const params_ =
    payload.linked_query_params && typeof payload.linked_query_params === "object"
      ? Object.entries(payload.linked_query_params as Record<string, unknown>)
      : [];
  const carHref = lead.vehicleSlug && site ? new URL(vehicleHref(site.template, lead.vehicleSlug), site.url).toString() : null;
  const mayUpdate = can(roleOn(staff.roles, lead.siteId), "leads.update");
  const mayAssign = can(roleOn(staff.roles, lead.siteId), "leads.assign");
  const [team, specials] = await Promise.all([mayAssign ? listSiteStaff(db, lead.siteId) : [], listSpecialHours(db, lead.siteId)]);
  // the response timer: the lead's stamps are the database's clock, so the wall clock runs it
  const target = leadHandlingOf(lead.leadHandling).response_minutes;
  const response = responseState(lead.createdAt, lead.firstContactAt, requestWallNow(), target, {
    timeZone: tz,
    weekly: lead.openingHours ?? [],
    specials,
    locationId: lead.locationId,
  });
  return (
    <>
      <BackLink href="/leads">All leads</BackLink>
      <h1 className="text-2xl font-extrabold" data-testid="lead-name">
        {lead.name || "(no name)"}
      </h1>
      <p className="mb-4 text-neutral-700">
        {lead.category}
        {lead.subcategory ? ` · ${lead.subcategory}` : ""} · {lead.siteName} · {staffTime(lead.createdAt, tz)}
      </p>
      {lead.flagged && (
        <p role="alert" className="mb-4 rounded-md border border-red-700 bg-red-50 p-3 font-semibold text-red-800" data-testid="flagged">
          This lead has not reached the dealer after 15 minutes: see Delivery below. Call the shopper directly.
        </p>
      )}
      <div className="grid gap-5 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-2">
          <Section title="Shopper">
            <dl className="grid grid-cols-1 gap-x-4 sm:grid-cols-[max-content_1fr] sm:gap-y-2">
              <Row label="Status">
                <span data-testid="lead-status">{LEAD_STATUS_LABELS[lead.status]}</span>
              </Row>
              <Row label="Response">
                <span data-testid="lead-response" className={response.late ? "font-bold text-red-700" : undefined}>
                  {response.contacted
                    ? `Answered in ${durationLabel(response.minutes)}`
                    : `Not contacted yet: ${durationLabel(response.minutes)}`}
                  {` of opening hours (target ${durationLabel(target)})`}
                  {response.late ? " — late" : ""}
                </span>
              </Row>
              <Row label="Assigned to">
                <span data-testid="lead-assignee">{lead.assigneeName ?? "Nobody yet"}</span>
              </Row>
              {lead.email && (
                <Row label="Email">
                  <a href={`mailto:${lead.email}`} className="break-all underline">
                    {lead.email}
                  </a>
                </Row>
              )}
              {lead.phone && (
                <Row label="Phone">
                  <a href={telHref(lead.phone, site?.country)} className="underline">
                    {lead.phone}
                  </a>
                </Row>
              )}
              <Row label="Location">{lead.locationName ?? "—"}</Row>
              {lead.vehicleName && (
                <Row label="Car">
                  {carHref ? (
                    <a href={carHref} className="underline" target="_blank" rel="noopener">
                      {lead.vehicleName}
                    </a>
                  ) : (
                    lead.vehicleName
                  )}
                  {lead.vehicleStock ? ` (stock ${lead.vehicleStock})` : ""}
                </Row>
              )}
              {leadDetails(lead.payload as never).map(([k, v]) => (
                <Row key={k} label={k}>
                  <span className="whitespace-pre-wrap break-words">{v}</span>
                </Row>
              ))}
            </dl>
          </Section>
          {lead.submissions.length > 1 && (
            <Section title="Everything they sent">
              <ol className="space-y-4" data-testid="lead-submissions">
                {lead.submissions.map((sub, i) => {
                  const before = lead.submissions[i - 1];
                  const changes = before ? readableChanges(sub.changes, before.payload, sub.payload) : [];
                  return (
                    <li key={sub.seq} className="border-l-4 border-neutral-300 pl-3">
                      <p className="font-semibold">
                        {sub.seq === 0 ? "First sent" : `Update ${sub.seq}`}, {staffTime(sub.at, tz)}
                        {sub.form ? ` · ${FORM_TITLES[sub.form] ?? sub.form}` : ""}
                      </p>
                      {sub.seq === 0 ? (
                        <dl className="mt-1 grid grid-cols-1 gap-x-4 text-sm sm:grid-cols-[max-content_1fr]">
                          {leadDetails(sub.payload as never).map(([k, v]) => (
                            <Row key={k} label={k}>
                              <span className="whitespace-pre-wrap break-words">{v}</span>
                            </Row>
                          ))}
                        </dl>
                      ) : (
                        <ul className="mt-1 space-y-1 text-sm">
                          {changes.map((c) => (
                            <li key={c.label} className="whitespace-pre-wrap break-words">
                              <span className="font-semibold">{c.label}:</span> {c.from ? <del>{c.from}</del> : "(none)"} →{" "}
                              <ins className="no-underline">{c.to || "(removed)"}</ins>
                            </li>
                          ))}
                          {sub.files.length > 0 && (
                            <li>
                              <span className="font-semibold">Attachments added:</span> {sub.files.join(", ")}
                            </li>
                          )}
                        </ul>
                      )}
                    </li>
                  );
                })}
              </ol>
            </Section>
          )}
          <Section title="Where they came from">
            {params_.length > 0 && (
              <dl className="mb-3 grid grid-cols-1 gap-x-4 sm:grid-cols-[max-content_1fr] sm:gap-y-1">
                {params_.map(([k, v]) => (
                  <Row key={k} label={k}>
                    {String(v)}
                  </Row>
                ))}
              </dl>
            )}
            {visited.length ? (
              <ol className="list-decimal space-y-1 pl-6 text-sm" data-testid="visited-pages">
                {visited.map((p, i) => (
                  <li key={`${i}-${p}`} className="break-all">
                    {p}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-neutral-700">No pages were recorded.</p>
            )}
            {typeof payload.url === "string" && <p className="mt-2 break-all text-sm">Sent from: {payload.url}</p>}
          </Section>
          {lead.files.length > 0 && (
            <Section title="Attachments">
              <ul className="space-y-1">
                {lead.files.map((f) => (
                  <li key={f.id}>
                    <a href={`/api/admin/leads/${lead.id}/files/${f.id}`} className="underline" download>
                      {f.filename}
                    </a>{" "}
                    <span className="text-sm text-neutral-700">({Math.max(1, Math.round(f.size / 1024))} KB)</span>
                  </li>
                ))}
              </ul>
            </Section>
          )}
          <Section title="Delivery">
            {lead.deliveries.length ? (
              <ul className="space-y-3" data-testid="deliveries">
                {lead.deliveries.map((d) => (
                  <li key={d.id}>
                    {d.channel === NO_DESTINATION_CHANNEL ? (
                      <p className="font-semibold text-red-800" data-testid="no-destination">
                        Not delivered: when it came in, this site had no lead email, CRM (ADF) address or webhook. Add one on the
                        site&apos;s settings page, and call or email the shopper.
                      </p>
                    ) : (
                      <p className="font-semibold">
                        {CHANNEL[d.channel] ?? d.channel}
                        {d.submission > 0 ? ` of update ${d.submission}` : ""} to <span className="break-all">{d.target}</span>:{" "}
                        <span className={d.status === "delivered" ? "text-green-800" : "text-red-800"}>
                          {d.status === "delivered"
                            ? `delivered ${d.deliveredAt ? staffTime(d.deliveredAt, tz) : ""}`
                            : d.status === "failed"
                              ? "given up"
                              : "waiting to be retried"}
                        </span>
                      </p>
                    )}
                    {d.attempts.length > 0 && (
                      <ol className="ml-5 list-decimal text-sm text-neutral-700">
                        {d.attempts.map((a) => (
                          <li key={a.id} className="break-words">
                            {staffTime(a.at, tz)}: {attemptText(a.ok, a.detail)}, {a.durationMs} ms
                          </li>
                        ))}
                      </ol>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-neutral-700">This site has no delivery channel for this lead.</p>
            )}
          </Section>
        </div>
        <div className="space-y-5">
          {mayAssign && (
            <Section title="Assign">
              <AssignForm leadId={lead.id} team={team.map((m) => ({ id: m.id, name: m.name, role: m.role }))} current={lead.assignedTo} />
            </Section>
          )}
          {mayUpdate && (
            <Section title="Update">
              <LeadStatusForm leadId={lead.id} status={lead.status} />
            </Section>
          )}
          <Section title="History">
            {lead.notes.length ? (
              <ol className="space-y-3" data-testid="lead-history">
                {lead.notes.map((n) => (
                  <li key={n.id} className="text-sm">
                    <p className="font-semibold">
                      {n.staffName}, {staffTime(n.createdAt, tz)}
                    </p>
                    {n.statusTo && (
                      <p>
                        {LEAD_STATUS_LABELS[n.statusFrom as keyof typeof LEAD_STATUS_LABELS] ?? n.statusFrom} →{" "}
                        {LEAD_STATUS_LABELS[n.statusTo as keyof typeof LEAD_STATUS_LABELS] ?? n.statusTo}
                      </p>
                    )}
                    {n.body && <p className="whitespace-pre-wrap break-words">{n.body}</p>}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-neutral-700">No notes yet.</p>
            )}
          </Section>
        </div>
      </div>
    </>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-neutral-200 bg-white p-5" aria-label={title}>
      <h2 className="mb-3 text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd className="mb-2 min-w-0 break-words sm:mb-0">{children}</dd>
    </>
  );
}
