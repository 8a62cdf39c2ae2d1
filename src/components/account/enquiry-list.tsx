import Link from "next/link";
import { vehicleHref } from "@/domain/site/vehicle";
import type { Template } from "@/domain/site/types";
import type { CustomerEnquiry } from "@/domain/accounts/enquiry";

/** A customer's enquiries, newest first: what each was, the car it was about, and when (in the site's time zone). */
export function EnquiryList(props: {
  enquiries: CustomerEnquiry[];
  template: Template;
  locale: string;
  timeZone: string;
  empty: string;
  testId: string;
}) {
  if (props.enquiries.length === 0) return <p className="text-neutral-700">{props.empty}</p>;
  const date = new Intl.DateTimeFormat(props.locale, { dateStyle: "medium", timeZone: props.timeZone });
  return (
    <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200" data-testid={props.testId}>
      {props.enquiries.map((e) => (
        <li key={e.id} className="flex flex-wrap justify-between gap-2 p-4">
          <div>
            <p className="font-semibold">{[e.category, e.subcategory].filter(Boolean).join(" · ")}</p>
            {e.vehicle && (
              <Link href={vehicleHref(props.template, e.vehicle.slug)} className="text-sm text-brand underline">
                {[e.vehicle.year, e.vehicle.make, e.vehicle.model].filter(Boolean).join(" ")}
              </Link>
            )}
          </div>
          <time dateTime={e.createdAt.toISOString()} className="text-sm text-neutral-700">
            {date.format(e.createdAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}
