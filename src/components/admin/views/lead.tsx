import { AssignForm } from "@/components/admin/assign-form";
import { BackLink } from "@/components/admin/back-link";
import { staffDay, staffTime } from "@/components/admin/format";
import { LeadStatusForm } from "@/components/admin/lead-status-form";
import { LeadCallForm } from "@/components/admin/lead-call-form";
import { LeadCarCard, type LeadCar } from "@/components/admin/lead-car-card";
import { buttonVariants } from "@/components/ui/button";
import { CALL_OUTCOME_LABELS, type CallOutcome } from "@/domain/leads/follow-up";
import { FORMS } from "@/domain/leads/forms";
import { attemptText } from "@/domain/leads/delivery";
import { NO_DESTINATION_CHANNEL } from "@/domain/site/lead-destinations";
import { durationLabel, type ResponseState } from "@/domain/staff/response";
import { LEAD_STATUS_LABELS, type LeadStatus } from "@/domain/staff/roles";

/** What the lead page shows of a lead (the inbox's columns, its files, deliveries and notes). */
export type LeadRecord = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  category: string;
  subcategory: string | null;
  siteName: string;
  siteTimezone: string;
  createdAt: Date;
  flagged: boolean;
  status: LeadStatus;
  assignedTo: string | null;
  assigneeName: string | null;
  locationName: string | null;
  vehicleName: string | null;
  vehicleStock: string | null;
  files: Array<{ id: string; filename: string; size: number }>;
  deliveries: Array<{
    id: number;
    channel: string;
    submission: number;
    target: string;
    status: string;
    deliveredAt: Date | null;
    attempts: Array<{ id: number; at: Date; ok: boolean; detail: string | null; durationMs: number }>;
  }>;
  notes: Array<{ id: number; staffName: string; createdAt: Date; statusFrom: string | null; statusTo: string | null; body: string }>;
};

export type LeadProps = {
  lead: LeadRecord;
  /** the answers, as labelled lines */
  details: Array<[string, string]>;
  /** each time they sent the form: the first with its answers, an update with what it changed */
  submissions: Array<{
    seq: number;
    at: Date;
    form: string | null;
    files: string[];
    details: Array<[string, string]>;
    changes: Array<{ label: string; from: string; to: string }>;
  }>;
  /** the pages of their visit, a car's page by the car's name */
  visited: Array<{ path: string; label: string; car: boolean }>;
  /** the car the lead is about */
  car: LeadCar | null;
  /** other cars of the site the shopper looked at before sending it */
  viewedCars: LeadCar[];
  /** the shopper's other enquiries on this site (same email or phone) */
  others: Array<{ id: string; at: Date; form: string; status: LeadStatus; car: LeadCar | null }>;
  /** the calls logged on it, newest first */
  calls: Array<{ id: number; staffName: string; outcome: string; note: string; followUpOn: string | null; createdAt: Date }>;
  /** the "Log a call" form refused without JavaScript: what was typed and the messages */
  callForm: { errors: Record<string, string>; values: Record<string, string> } | null;
  callSaved: boolean;
  /** the "Update" form (status and note) refused without JavaScript: what was typed and the messages */
  updateForm: { errors: Record<string, string>; values: Record<string, string> } | null;
  updateSaved: boolean;
  /** the one-tap text message and email, the site's templates filled in */
  replies: { sms: string | null; email: string | null };
  /** the query parameters of the link that brought them (utm_…, gclid) */
  linkParams: Array<[string, string]>;
  sentFrom: string | null;
  phoneHref: string | null;
  response: ResponseState & { target: number };
  mayUpdate: boolean;
  /** the site's team, when the staff member may assign the lead */
  team: Array<{ id: string; name: string; role: string }> | null;
  /** how their "Take it" went, after the form's post: theirs now, or someone else's first */
  take: "taken" | "refused" | null;
};

const FORM_TITLES: Record<string, string> = Object.fromEntries(Object.values(FORMS).map((f) => [f.kind, f.title]));
const CHANNEL: Record<string, string> = { email: "Email", adf_email: "ADF to CRM", webhook: "Webhook" };

/** Everything the shopper sent, where they came from, its files, its delivery and its history. */
export function LeadView({
  lead,
  details,
  submissions,
  visited,
  linkParams,
  sentFrom,
  car,
  viewedCars,
  others,
  calls,
  callForm,
  callSaved,
  updateForm,
  updateSaved,
  replies,
  phoneHref,
  response,
  mayUpdate,
  team,
  take,
}: LeadProps) {
  const tz = lead.siteTimezone;
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
      <ReplyLinks phoneHref={phoneHref} replies={replies} mayUpdate={mayUpdate} />
      {car && (
        <div className="mb-4 max-w-xl">
          <LeadCarCard car={car} testId="lead-car" />
        </div>
      )}
      {lead.flagged && (
        <p role="alert" className="mb-4 rounded-md border border-red-700 bg-red-50 p-3 font-semibold text-red-800" data-testid="flagged">
          This lead has not reached the dealer after 15 minutes: see Delivery below. Call the shopper directly.
        </p>
      )}
      <div className="grid gap-5 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-2">
          <Section title="Shopper">
            <ShopperDetails
              lead={lead}
              details={details}
              car={car}
              response={response}
              phoneHref={phoneHref}
              mayUpdate={mayUpdate}
              take={take}
            />
          </Section>
          {mayUpdate && (
            <Section title="Log a call">
              <LeadCallForm leadId={lead.id} saved={callSaved} refused={callForm} />
            </Section>
          )}
          <Section title="Calls" id="calls">
            <CallList calls={calls} tz={tz} />
          </Section>
          {others.length > 0 && (
            <Section title="Their other enquiries">
              <OtherEnquiries others={others} tz={tz} />
            </Section>
          )}
          {viewedCars.length > 0 && (
            <Section title="Cars they looked at">
              <ul className="grid gap-2 sm:grid-cols-2" data-testid="viewed-cars">
                {viewedCars.map((v) => (
                  <li key={v.id}>
                    <LeadCarCard car={v} />
                  </li>
                ))}
              </ul>
            </Section>
          )}
          {submissions.length > 1 && (
            <Section title="Everything they sent">
              <Submissions submissions={submissions} tz={tz} />
            </Section>
          )}
          <Section title="Where they came from">
            <WhereFrom linkParams={linkParams} visited={visited} sentFrom={sentFrom} />
          </Section>
          {lead.files.length > 0 && (
            <Section title="Attachments">
              <Attachments leadId={lead.id} files={lead.files} />
            </Section>
          )}
          <Section title="Delivery">
            <Deliveries deliveries={lead.deliveries} tz={tz} />
          </Section>
        </div>
        <div className="space-y-5">
          {team && (
            <Section title="Assign">
              <AssignForm leadId={lead.id} team={team} current={lead.assignedTo} />
            </Section>
          )}
          {mayUpdate && (
            <Section title="Update" id="update">
              <LeadStatusForm leadId={lead.id} status={lead.status} saved={updateSaved} refused={updateForm} />
            </Section>
          )}
          <Section title="History">
            <History notes={lead.notes} tz={tz} />
          </Section>
        </div>
      </div>
    </>
  );
}

/** The one-tap replies: call, text, email, and the way to the call log. */
function ReplyLinks({ phoneHref, replies, mayUpdate }: Pick<LeadProps, "phoneHref" | "replies" | "mayUpdate">) {
  return (
    <nav aria-label="Reply" className="mb-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap" data-testid="lead-replies">
      {phoneHref && (
        <a href={phoneHref} className={buttonVariants()}>
          Call
        </a>
      )}
      {replies.sms && (
        <a href={replies.sms} className={buttonVariants({ variant: "outline" })}>
          SMS
        </a>
      )}
      {replies.email && (
        <a href={replies.email} className={buttonVariants({ variant: "outline" })}>
          Email
        </a>
      )}
      {mayUpdate && (
        <a href="#log-call" className={buttonVariants({ variant: "outline" })}>
          Log a call
        </a>
      )}
    </nav>
  );
}

/** Who sent it, its status, response time and owner, and their answers. */
function ShopperDetails({
  lead,
  details,
  car,
  response,
  phoneHref,
  mayUpdate,
  take,
}: Pick<LeadProps, "lead" | "details" | "car" | "response" | "phoneHref" | "mayUpdate" | "take">) {
  const target = response.target;
  return (
    <dl className="grid grid-cols-1 gap-x-4 sm:grid-cols-[max-content_1fr] sm:gap-y-2">
      <Row label="Status">
        <span data-testid="lead-status">{LEAD_STATUS_LABELS[lead.status]}</span>
      </Row>
      <Row label="Response">
        <span data-testid="lead-response" className={response.late ? "font-bold text-red-700" : undefined}>
          {response.contacted ? `Answered in ${durationLabel(response.minutes)}` : `Not contacted yet: ${durationLabel(response.minutes)}`}
          {` of opening hours (target ${durationLabel(target)})`}
          {response.late ? " — late" : ""}
        </span>
      </Row>
      <Row label="Assigned to">
        <span id="assignee" data-testid="lead-assignee">
          {lead.assigneeName ?? "Nobody yet"}
        </span>
        {take && (
          <span
            role={take === "refused" ? "alert" : "status"}
            data-testid="lead-take"
            className={`block font-semibold ${take === "refused" ? "text-red-700" : "text-green-800"}`}
          >
            {take === "taken" ? "It's yours: the lead is assigned to you." : `${lead.assigneeName ?? "Someone else"} took this lead first.`}
          </span>
        )}
        {/* a plain post the server answers: it works before and without JavaScript */}
        {mayUpdate && !lead.assignedTo && (
          <form method="post" action={`/api/admin/leads/${lead.id}/take`} aria-label="Take this lead" className="mt-1">
            <button type="submit" className={buttonVariants({ size: "sm" })}>
              Take it
            </button>
          </form>
        )}
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
          <a href={phoneHref ?? undefined} className="underline">
            {lead.phone}
          </a>
        </Row>
      )}
      <Row label="Location">{lead.locationName ?? "—"}</Row>
      {lead.vehicleName && !car && (
        <Row label="Car">
          {lead.vehicleName}
          {lead.vehicleStock ? ` (stock ${lead.vehicleStock})` : ""}
        </Row>
      )}
      {details.map(([k, v]) => (
        <Row key={k} label={k}>
          <span className="whitespace-pre-wrap break-words">{v}</span>
        </Row>
      ))}
    </dl>
  );
}

/** The calls logged on the lead, newest first. */
function CallList({ calls, tz }: Pick<LeadProps, "calls"> & { tz: string }) {
  return (
    <>
      {calls.length ? (
        <ol className="space-y-3" data-testid="lead-calls">
          {calls.map((c) => (
            <li key={c.id} className="border-l-4 border-neutral-300 pl-3 text-sm">
              <p className="font-semibold">
                {CALL_OUTCOME_LABELS[c.outcome as CallOutcome] ?? c.outcome} · {c.staffName}, {staffTime(c.createdAt, tz)}
              </p>
              {c.followUpOn && <p>Follow up on {staffDay(c.followUpOn)}</p>}
              {c.note && <p className="whitespace-pre-wrap break-words">{c.note}</p>}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-neutral-700">No calls logged yet.</p>
      )}
    </>
  );
}

/** The shopper's other enquiries on this site. */
function OtherEnquiries({ others, tz }: Pick<LeadProps, "others"> & { tz: string }) {
  return (
    <ul className="space-y-3" data-testid="other-enquiries">
      {others.map((o) => (
        <li key={o.id} className="space-y-2">
          <a href={`/leads/${o.id}`} className="font-semibold underline">
            {o.form}, {staffTime(o.at, tz)}
          </a>{" "}
          <span className="text-sm text-neutral-700">({LEAD_STATUS_LABELS[o.status]})</span>
          {o.car && <LeadCarCard car={o.car} />}
        </li>
      ))}
    </ul>
  );
}

/** Each time they sent the form: the first with its answers, each update with what it changed. */
function Submissions({ submissions, tz }: Pick<LeadProps, "submissions"> & { tz: string }) {
  return (
    <ol className="space-y-4" data-testid="lead-submissions">
      {submissions.map((sub) => {
        return (
          <li key={sub.seq} className="border-l-4 border-neutral-300 pl-3">
            <p className="font-semibold">
              {sub.seq === 0 ? "First sent" : `Update ${sub.seq}`}, {staffTime(sub.at, tz)}
              {sub.form ? ` · ${FORM_TITLES[sub.form] ?? sub.form}` : ""}
            </p>
            {sub.seq === 0 ? (
              <dl className="mt-1 grid grid-cols-1 gap-x-4 text-sm sm:grid-cols-[max-content_1fr]">
                {sub.details.map(([k, v]) => (
                  <Row key={k} label={k}>
                    <span className="whitespace-pre-wrap break-words">{v}</span>
                  </Row>
                ))}
              </dl>
            ) : (
              <ul className="mt-1 space-y-1 text-sm">
                {sub.changes.map((c) => (
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
  );
}

/** The link that brought them, the pages of their visit and the page they sent it from. */
function WhereFrom({ linkParams, visited, sentFrom }: Pick<LeadProps, "linkParams" | "visited" | "sentFrom">) {
  return (
    <>
      {linkParams.length > 0 && (
        <dl className="mb-3 grid grid-cols-1 gap-x-4 sm:grid-cols-[max-content_1fr] sm:gap-y-1">
          {linkParams.map(([k, v]) => (
            <Row key={k} label={k}>
              {v}
            </Row>
          ))}
        </dl>
      )}
      {visited.length ? (
        <ol className="list-decimal space-y-1 pl-6 text-sm" data-testid="visited-pages">
          {visited.map((p, i) => (
            <li key={`${i}-${p.path}`} className="break-words" title={p.path}>
              {p.car ? <span className="font-semibold">{p.label}</span> : p.label}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-neutral-700">No pages were recorded.</p>
      )}
      {sentFrom !== null && <p className="mt-2 break-all text-sm">Sent from: {sentFrom}</p>}
    </>
  );
}

/** The files they sent, to download. */
function Attachments({ leadId, files }: { leadId: string; files: LeadRecord["files"] }) {
  return (
    <ul className="space-y-1">
      {files.map((f) => (
        <li key={f.id}>
          <a href={`/api/admin/leads/${leadId}/files/${f.id}`} className="underline" download>
            {f.filename}
          </a>{" "}
          <span className="text-sm text-neutral-700">({Math.max(1, Math.round(f.size / 1024))} KB)</span>
        </li>
      ))}
    </ul>
  );
}

/** Where the lead was sent and how each attempt went. */
function Deliveries({ deliveries, tz }: { deliveries: LeadRecord["deliveries"]; tz: string }) {
  return (
    <>
      {deliveries.length ? (
        <ul className="space-y-3" data-testid="deliveries">
          {deliveries.map((d) => (
            <li key={d.id}>
              {d.channel === NO_DESTINATION_CHANNEL ? (
                <p className="font-semibold text-red-800" data-testid="no-destination">
                  Not delivered: when it came in, this site had no lead email, CRM (ADF) address or webhook. Add one on the site&apos;s
                  settings page, and call or email the shopper.
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
    </>
  );
}

/** Status changes and notes, newest first. */
function History({ notes, tz }: { notes: LeadRecord["notes"]; tz: string }) {
  return (
    <>
      {notes.length ? (
        <ol className="space-y-3" data-testid="lead-history">
          {notes.map((n) => (
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
    </>
  );
}

function Section({ title, id, children }: { title: string; id?: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-neutral-200 bg-white p-4 sm:p-5" aria-label={title} id={id}>
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
