import "server-only";
import { DELIVERY_FLAG_AFTER_MS, DELIVERY_LEASE_MS } from "@/domain/leads/delivery";
import type { Db } from "@/server/db/client";
import { log, siteLog } from "@/server/base/log";
import { pollingWorker } from "@/server/base/polling-worker";
import { getMailer, type Mailer } from "@/server/mail/mailer";
import { claimDueDeliveries, recordAttempts, type AttemptOutcome, type Delivery } from "@/server/repositories/deliveries";
import { getLeadsForDelivery, getSubmissionsOf } from "@/server/repositories/leads";
import { getLeadDeliveryConfig } from "@/server/repositories/sites";
import { getVehicleById } from "@/server/repositories/vehicles";
import { postOutbound, type AddressPolicy } from "@/server/http/outbound";
import { signWebhook } from "@/server/platform/webhook";
import { adfEmail, salespersonEmail, webhookBody, type DeliveryLead } from "./messages";
import { forget, recall, remember } from "@/server/base/remember";
import { BOOKING_CANCELLED_CHANNEL, BOOKING_EMAIL_CHANNEL } from "@/server/repositories/bookings";
import { sendBookingCancelled, sendBookingConfirmation } from "./booking-confirmation";

/*
 * The lead delivery worker: claims due outbox rows, delivers each by its channel and
 * records the outcome. At least once: a crash after sending but before recording sends again, so
 * every channel carries the lead's uuid for the receiver to drop the repeat (ADF <id>, the
 * webhook's Idempotency-Key). Every process runs one; SKIP LOCKED keeps them off each other's rows.
 */
export type DeliveryDeps = {
  mailer?: Mailer;
  webhookTimeoutMs?: number;
  /** where webhooks may connect: public addresses only; tests with a loopback receiver widen it */
  allowAddress?: AddressPolicy;
};

/** Headers a lead webhook carries; the receiver checks the signature as docs/features/lead-delivery.md shows. */
export const LEAD_SIGNATURE_HEADER = "x-dealer-signature";
export const LEAD_TIMESTAMP_HEADER = "x-dealer-timestamp";

/**
 * The claimed jobs' leads, read in one query (a lead's channels are usually claimed together), its
 * car when it has one, and the history of a lead whose update is being delivered. Keyed by the
 * lead and the submission a job delivers (an update goes out as its own message).
 */
async function loadLeads(db: Db, jobs: Delivery[]): Promise<Map<string, DeliveryLead>> {
  const rows = await getLeadsForDelivery(
    db,
    [...new Map(jobs.map((d) => [d.leadId, d])).values()].map((d) => ({ siteId: d.siteId, leadId: d.leadId })),
  );
  // a lead's history only where it has been updated (a job of an update, or an original sent late)
  const updated = await getSubmissionsOf(
    db,
    [...rows].map(([leadId, l]) => ({ siteId: l.site.id, leadId })),
  );
  const out = new Map<string, DeliveryLead>();
  for (const [id, lead] of rows) {
    const vehicle = lead.vehicleId != null ? await getVehicleById(db, lead.site.id, lead.vehicleId) : null;
    const base: DeliveryLead = {
      id,
      createdAt: lead.createdAt,
      payload: lead.payload,
      site: lead.site,
      location: lead.location,
      vehicle,
      history: [],
    };
    const history = updated.get(id) ?? [];
    for (const seq of new Set(jobs.filter((d) => d.leadId === id).map((d) => d.submission))) {
      const sub = history.find((h) => h.seq === seq);
      const before = history.find((h) => h.seq === seq - 1);
      out.set(
        jobKey(id, seq),
        !sub
          ? base
          : {
              ...base,
              // each submission says the lead as it stood then: a later update is its own message
              payload: sub.payload as DeliveryLead["payload"],
              history: history.filter((h) => h.seq <= seq),
              ...(seq > 0 ? { update: { seq, at: sub.at, changes: sub.changes, files: sub.files, before: before?.payload ?? {} } } : {}),
            },
      );
    }
  }
  return out;
}

const jobKey = (leadId: string, submission: number) => `${leadId}|${submission}`;

/** One delivery through its channel; throws with a short, non-personal reason on failure. */
async function send(db: Db, d: Delivery, lead: DeliveryLead, deps: DeliveryDeps): Promise<string> {
  if (d.channel === BOOKING_EMAIL_CHANNEL) return sendBookingConfirmation(db, lead, deps.mailer ?? getMailer());
  if (d.channel === BOOKING_CANCELLED_CHANNEL) return sendBookingCancelled(db, lead, d.target, deps.mailer ?? getMailer());
  if (d.channel === "email" || d.channel === "adf_email") {
    const mailer = deps.mailer ?? getMailer();
    const sent = await mailer.send(d.channel === "email" ? salespersonEmail(lead, d.target) : adfEmail(lead, d.target));
    return `sent ${sent.messageId}`;
  }
  const hook = (await getLeadDeliveryConfig(db, d.siteId)).webhooks?.find((w) => w.url === d.target);
  if (!hook) throw new Error("webhook no longer configured");
  const body = webhookBody(lead);
  const ts = Math.floor(Date.now() / 1000);
  const res = await postOutbound(d.target, {
    headers: {
      "content-type": "application/json",
      // the lead's id; an update's carries its number too (a receiver dropping repeats must not drop an update)
      "idempotency-key": d.submission > 0 ? `${d.leadId}:${d.submission}` : d.leadId,
      [LEAD_TIMESTAMP_HEADER]: String(ts),
      [LEAD_SIGNATURE_HEADER]: signWebhook(hook.secret, ts, body),
    },
    body,
    timeoutMs: deps.webhookTimeoutMs ?? 10_000,
    ...(deps.allowAddress ? { allowed: deps.allowAddress } : {}),
  });
  if (res.status < 200 || res.status > 299) throw new Error(`status ${res.status}`);
  return `status ${res.status}`;
}

const reason = (err: unknown) => {
  const e = err as { name?: string; code?: string; responseCode?: number; message?: string };
  if (e.code === "ADDRESS_REFUSED") return "address refused";
  if (e.responseCode) return `smtp ${e.responseCode}`;
  if (e.code) return `${e.name ?? "Error"} ${e.code}`;
  if (e.message?.startsWith("status ") || e.message === "webhook no longer configured") return e.message;
  return e.name ?? "Error";
};

/** How long a stored lead waits for others before the worker claims them all. */
const WAKE_DELAY_MS = 50;

/** How many claimed jobs one process sends at the same time. */
const DELIVERY_CONCURRENCY = 8;

/** Claims and delivers what is due now (up to `limit`); returns what happened. */
export async function deliverDue(db: Db, deps: DeliveryDeps = {}, limit = 20) {
  const claimed = await claimDueDeliveries(db, limit, DELIVERY_LEASE_MS);
  const counts = { delivered: 0, retrying: 0, failed: 0 };
  if (!claimed.length) return counts;
  let leads: Map<string, DeliveryLead>;
  try {
    leads = await loadLeads(db, claimed);
  } catch (err) {
    // the leases lapse and another round (here or in another process) tries again
    log.warn({ err: (err as Error).message }, "lead delivery worker: the claimed leads could not be read");
    return counts;
  }
  const done: Array<{ delivery: Delivery; outcome: AttemptOutcome }> = [];
  const one = async (d: Delivery) => {
    const started = performance.now();
    let outcome: { ok: boolean; detail: string };
    try {
      const lead = leads.get(jobKey(d.leadId, d.submission));
      outcome = lead ? { ok: true, detail: await send(db, d, lead, deps) } : { ok: false, detail: "lead not found" };
    } catch (err) {
      outcome = { ok: false, detail: reason(err) };
    }
    done.push({ delivery: d, outcome: { ...outcome, durationMs: Math.round(performance.now() - started) } });
  };
  // the claimed jobs go out side by side (mail and webhooks wait on the network, not on us)
  const queue = [...claimed];
  await Promise.all(
    Array.from({ length: Math.min(DELIVERY_CONCURRENCY, queue.length) }, async () => {
      for (let d = queue.shift(); d; d = queue.shift()) await one(d);
    }),
  );
  // the batch's outcomes in one statement; a crash before it leaves the leases to lapse, and the
  // jobs are sent again (at least once: each channel carries the lead's id for the receiver)
  const statuses = await recordAttempts(db, done);
  done.forEach(({ delivery: d, outcome }, i) => {
    const status = statuses[i]!;
    const l = siteLog(d.siteId);
    const fields = { deliveryId: d.id, leadId: d.leadId, channel: d.channel, attempt: d.attempts, detail: outcome.detail };
    if (status === "delivered") {
      counts.delivered++;
      l.info(fields, "lead delivered");
    } else {
      if (status === "failed") counts.failed++;
      else counts.retrying++;
      // a delivery failing for 15 minutes (or given up) is an error the dealer must hear about
      const late = Date.now() - d.createdAt.getTime() >= DELIVERY_FLAG_AFTER_MS;
      (status === "failed" || late ? l.error : l.warn).call(
        l,
        fields,
        status === "failed" ? "lead delivery given up" : "lead delivery failed: will retry",
      );
    }
  });
  return counts;
}

type DeliveryWorker = { wake: () => void; stop: () => Promise<void> };
const WORKER = "delivery-worker";

/** Starts this process's worker: every `intervalMs`, and at once when a lead is stored here. */
export function startDeliveryWorker(getDbFn: () => Promise<Db>, deps: DeliveryDeps = {}, intervalMs = 1000) {
  const running = recall<DeliveryWorker>(WORKER);
  if (running) return running;
  // leads stored close together are claimed together: one claim, one read and one record per batch
  // rather than per lead, for at most WAKE_DELAY_MS more before a lead is sent
  const worker = pollingWorker({
    name: "lead delivery worker",
    intervalMs,
    wakeDelayMs: WAKE_DELAY_MS,
    round: async () => {
      const counts = await deliverDue(await getDbFn(), deps);
      return counts.delivered + counts.retrying + counts.failed === 20; // a full batch: more may be due
    },
  });
  return remember<DeliveryWorker>(WORKER, () => ({
    wake: worker.wake,
    stop: async () => {
      await worker.stop();
      forget(WORKER);
    },
  }));
}

/** Called after a lead is stored: this process's worker (if any) delivers it at once. */
export function wakeDeliveryWorker(): void {
  recall<DeliveryWorker>(WORKER)?.wake();
}
