"use client";

import { CalendarDays, Mail, X } from "@/components/ui/icons";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { trapTab } from "@/client/focus-trap";
import { telHref } from "@/domain/site/links";
import type { Country } from "@/domain/site/types";

/**
 * A modal on the browser's own <dialog> (showModal): the page behind is inert, Escape and a click
 * outside close it, and focus goes back to the button that opened it. Its content is rendered only
 * while open, so a form inside loads its code when the dialog opens.
 */
function Modal({
  label,
  icon,
  title,
  description,
  children,
  testId,
}: {
  label: string;
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
  testId: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const id = useId();
  useEffect(() => {
    if (open && !ref.current?.open) ref.current?.showModal();
  }, [open]);
  return (
    <>
      <button type="button" className={triggerClass} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {icon} {label}
      </button>
      <dialog
        ref={ref}
        data-testid={testId}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        onClose={() => setOpen(false)}
        onClick={(e) => e.target === ref.current && ref.current.close()} // the backdrop
        onKeyDown={(e) => ref.current && trapTab(e, ref.current)} // the browser would otherwise Tab on to its own toolbar
        className="m-auto max-h-[90vh] w-[min(92vw,32rem)] overflow-y-auto rounded-lg bg-white p-6 text-neutral-900 shadow-2xl backdrop:bg-[rgb(0_0_0/0.5)]"
      >
        {open && (
          <>
            <div className="flex items-start justify-between gap-4">
              <h2 id={`${id}-title`} className="text-xl font-extrabold tracking-wide">
                {title}
              </h2>
              <button
                type="button"
                aria-label="Close"
                onClick={() => ref.current?.close()}
                className="inline-flex size-11 items-center justify-center rounded-full hover:bg-neutral-100"
              >
                <X aria-hidden className="size-5" />
              </button>
            </div>
            <p id={`${id}-description`} className="mt-2 text-sm text-neutral-700">
              {description}
            </p>
            {children}
          </>
        )}
      </dialog>
    </>
  );
}

const triggerClass =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-brand bg-white px-3 text-sm font-semibold text-brand hover:bg-neutral-50";

/** An Email Us modal, titled EMAIL US, containing the contact form. */
export function EmailUsDialog({
  locationName,
  email,
  phone,
  country,
  children,
}: {
  locationName: string;
  email?: string;
  phone: string;
  country: Country;
  children?: ReactNode;
}) {
  return (
    <Modal
      testId="email-us-dialog"
      title="EMAIL US"
      label="Email Us"
      icon={<Mail aria-hidden className="size-4" />}
      description={`Send ${locationName} a message and the team will get back to you.`}
    >
      <div className="mt-4">
        {children ?? (
          <p className="text-sm">
            {email ? (
              <>
                Email{" "}
                <a className="font-semibold underline" href={`mailto:${email}`}>
                  {email}
                </a>{" "}
                or call{" "}
              </>
            ) : (
              "Call "
            )}
            <a className="font-semibold underline" href={telHref(phone, country)}>
              {phone}
            </a>
            .
          </p>
        )}
      </div>
    </Modal>
  );
}

export type HolidayRow = { date: string; label: string; name: string | null; formatted: string };

/** A View Holiday Hours dialog. */
export function HolidayHoursDialog({ locationName, rows }: { locationName: string; rows: HolidayRow[] }) {
  return (
    <Modal
      testId="holiday-hours-dialog"
      title="Holiday Hours"
      label="View Holiday Hours"
      icon={<CalendarDays aria-hidden className="size-4" />}
      description={`Special opening hours for ${locationName}.`}
    >
      {rows.length === 0 ? (
        <p className="mt-4 text-sm">No holiday hours are coming up: our usual hours apply.</p>
      ) : (
        <table className="mt-4 w-full text-sm">
          <caption className="sr-only">Holiday hours for {locationName}</caption>
          <thead>
            <tr className="text-left">
              <th scope="col" className="py-1">
                Date
              </th>
              <th scope="col" className="py-1">
                Hours
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.date} className="border-t border-neutral-200">
                <th scope="row" className="py-2 pr-4 text-left font-normal">
                  <span className="font-semibold">{r.name ?? "Special hours"}</span>
                  <br />
                  <span className="text-neutral-700">{r.label}</span>
                </th>
                <td className="py-2">{r.formatted}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
