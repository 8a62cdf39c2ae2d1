"use client";

import Link from "next/link";
import { useSyncExternalStore } from "react";
import { lastSentLead } from "@/client/submitted-leads";
import { leadReference, similarSearchKeywords } from "@/domain/leads/lead";

export type SummaryLocation = { id: number; name: string; phone: string; tel: string; directions: string; status: string };

const noSubscription = () => () => {};

/**
 * On the success page: the enquiry just sent, said back — its reference, the car, who will answer
 * and when they are open — and the next step (directions, similar cars). Read from this tab's
 * record of the lead (sessionStorage); nothing is shown without one.
 */
export function SentSummary({ locations, plural }: { locations: SummaryLocation[]; plural: string }) {
  const key = useSyncExternalStore(
    noSubscription,
    () => lastSentLead()?.id ?? null,
    () => null,
  );
  const sent = key ? lastSentLead() : null;
  if (!sent) return null;
  const location = locations.find((l) => l.id === sent.locationId);
  return (
    <section aria-labelledby="sent-summary" className="mt-8 rounded-lg border border-neutral-200 p-5 text-left" data-testid="sent-summary">
      <h2 id="sent-summary" className="text-lg font-bold">
        Your enquiry
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-neutral-700">Reference</dt>
        <dd className="font-mono font-semibold" data-testid="lead-reference">
          {leadReference(sent.id)}
        </dd>
        {sent.about && (
          <>
            <dt className="text-neutral-700">About</dt>
            <dd className="font-semibold">{sent.about}</dd>
          </>
        )}
        {sent.booked && (
          <>
            <dt className="text-neutral-700">Booked for</dt>
            <dd className="font-semibold" data-testid="booked-slot">
              {sent.booked}
            </dd>
          </>
        )}
      </dl>
      <h3 className="mt-4 font-bold">What happens next</h3>
      <p className="mt-1 text-neutral-800">
        {location
          ? `The team at ${location.name} will call or email you, usually within one business day (${location.status.toLowerCase()}).`
          : "Our team will call or email you, usually within one business day."}{" "}
        Quote your reference if you call us.
      </p>
      <div className="mt-4 flex flex-wrap gap-3 text-sm font-semibold">
        {location && (
          <>
            <a href={location.tel} className="text-brand underline">
              Call {location.name} on {location.phone}
            </a>
            <a href={location.directions} className="text-brand underline" target="_blank" rel="noopener noreferrer">
              Directions to {location.name}
            </a>
          </>
        )}
        {sent.about && (
          <Link
            href={`/search/new-used-and-demo-cars?q=${encodeURIComponent(similarSearchKeywords(sent.about))}`}
            className="text-brand underline"
          >
            Similar {plural}
          </Link>
        )}
      </div>
    </section>
  );
}
