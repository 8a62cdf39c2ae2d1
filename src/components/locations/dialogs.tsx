"use client";

import { CalendarDays, Mail, X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { telHref } from "@/domain/site/links";
import type { Country } from "@/domain/site/types";

function Modal({ trigger, title, children, testId }: { trigger: ReactNode; title: string; children: ReactNode; testId: string }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          data-testid={testId}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 text-neutral-900 shadow-2xl"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-extrabold tracking-wide">{title}</Dialog.Title>
            <Dialog.Close aria-label="Close" className="inline-flex size-11 items-center justify-center rounded-full hover:bg-neutral-100">
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const triggerClass =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-brand bg-white px-3 text-sm font-semibold text-brand hover:bg-neutral-50";

/** SPEC §2: an Email Us modal, titled EMAIL US, containing the contact form. */
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
      trigger={
        <button type="button" className={triggerClass}>
          <Mail aria-hidden className="size-4" /> Email Us
        </button>
      }
    >
      <Dialog.Description className="mt-2 text-sm text-neutral-700">
        Send {locationName} a message and the team will get back to you.
      </Dialog.Description>
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

/** SPEC §2: a View Holiday Hours dialog. */
export function HolidayHoursDialog({ locationName, rows }: { locationName: string; rows: HolidayRow[] }) {
  return (
    <Modal
      testId="holiday-hours-dialog"
      title="Holiday Hours"
      trigger={
        <button type="button" className={triggerClass}>
          <CalendarDays aria-hidden className="size-4" /> View Holiday Hours
        </button>
      }
    >
      <Dialog.Description className="mt-2 text-sm text-neutral-700">Special opening hours for {locationName}.</Dialog.Description>
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
