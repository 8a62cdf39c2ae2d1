"use client";

import dynamic from "next/dynamic";
import type { ComponentProps } from "react";
import { useNear } from "@/client/use-near";

const loading = () => (
  <p role="status" className="py-6 text-center text-neutral-700">
    Loading the form…
  </p>
);

/** Until the form's script runs (or if it never does): the same enquiry on the contact form, a plain page that posts without script. */
const placeholder = (vehicleSlug?: string) => (
  <div className="py-6 text-center text-neutral-700">
    {loading()}
    <a href={`/contact${vehicleSlug ? `?vehicle=${encodeURIComponent(vehicleSlug)}` : ""}`} className="font-semibold text-brand underline">
      Open the enquiry form
    </a>
  </div>
);

/**
 * The enquiry form where it sits behind a button (a location card's EMAIL US): its code loads when
 * the dialog opens, not with the page.
 */
export const LazyLeadForm = dynamic(() => import("./lead-form").then((m) => m.LeadForm), { loading });

/**
 * The enquiry form lower down a page (a vehicle page): its code loads when the shopper scrolls near
 * it or follows a link to it, so the first screen does not wait for the form libraries.
 */
export function DeferredLeadForm(props: ComponentProps<typeof LazyLeadForm>) {
  const { ref: box, near } = useNear<HTMLDivElement>();
  return (
    <div ref={box} className={near ? undefined : "min-h-[40rem]"}>
      {near ? <LazyLeadForm {...props} /> : placeholder(props.vehicle?.slug)}
    </div>
  );
}
