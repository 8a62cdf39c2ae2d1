"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { OpeningHoursUpdateSchema, SpecialHoursUpdateSchema } from "@/domain/platform/contract";
import type { OpeningHourEntry, OpeningStatus, SpecialHoursEntry } from "@/domain/site/types";
import { buttonVariants } from "@/components/ui/button";
import { StatusLine } from "./status-line";
import { useSend } from "./use-send";
import { possessive } from "@/domain/format/possessive";

/*
 * The hours editors: the same zod schemas as the platform API's PUTs (and the server checks them
 * again), errors shown beside the field they are about, the public pages updated on save.
 */

const STATUSES: OpeningStatus[] = ["Open", "Closed", "By Appointment"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const cell = "min-h-11 w-full min-w-0 rounded-md border border-neutral-400 bg-white px-2 text-base aria-[invalid=true]:border-red-700";
/*
 * A time input shows "08:30" and, in a 12-hour locale, "AM" beside the browser's clock button: 9.5rem
 * keeps all of it in view, and two of them still sit side by side on a 390 px phone.
 */
const TIME_INPUT_CLASS = `${cell} min-w-[9.5rem]`;
const blank = (v: FormDataEntryValue | null) => (typeof v === "string" && v.trim() ? v.trim() : null);

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm font-semibold text-red-700">
      {message}
    </p>
  ) : null;
}

/** One location's week: a row per day, Monday first. */
export function WeekEditor({
  siteId,
  locationId,
  name,
  hours,
}: {
  siteId: number;
  locationId: number;
  name: string;
  hours: OpeningHourEntry[];
}) {
  const router = useRouter();
  const id = useId();
  const { state, errors, send, check } = useSend();
  const byDay = new Map(hours.map((h) => [h.weekday, h]));
  const order = [1, 2, 3, 4, 5, 6, 0];
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const body = {
      opening_hours: order.map((d) => ({
        weekday: d,
        status: String(f.get(`status-${d}`)),
        open: blank(f.get(`open-${d}`)),
        close: blank(f.get(`close-${d}`)),
      })),
    };
    const valid = check(OpeningHoursUpdateSchema, body, "Please correct the opening hours.", "opening_hours");
    if (!valid) return;
    if (await send(`/api/admin/sites/${siteId}/locations/${locationId}/hours`, { method: "PUT", json: valid })) router.refresh();
  };
  return (
    <form noValidate onSubmit={submit} aria-label={`Opening hours of ${name}`} className="space-y-3" data-testid={`week-${locationId}`}>
      <h3 className="font-bold">{name}</h3>
      <StatusLine state={state} testId={`week-${locationId}`} />
      <ul className="space-y-2">
        {order.map((d, i) => {
          const h = byDay.get(d as OpeningHourEntry["weekday"]);
          const err = (k: string) => errors[`opening_hours.${i}.${k}`];
          return (
            <li key={d}>
              <fieldset className="grid grid-cols-2 items-start gap-x-2 gap-y-1 md:grid-cols-[7rem_1fr_1fr_1fr]">
                <legend className="sr-only">{DAYS[d]}</legend>
                <span aria-hidden className="col-span-2 self-center text-sm font-semibold md:col-span-1">
                  {DAYS[d]}
                </span>
                <select
                  name={`status-${d}`}
                  defaultValue={h?.status ?? "Closed"}
                  aria-label={`${DAYS[d]} status`}
                  className={`${cell} col-span-2 md:col-span-1`}
                >
                  {STATUSES.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </select>
                <span className="min-w-0">
                  <input
                    type="time"
                    name={`open-${d}`}
                    defaultValue={h?.open ?? ""}
                    aria-label={`${DAYS[d]} opens`}
                    aria-invalid={err("open") ? true : undefined}
                    aria-describedby={err("open") ? `${id}-${d}-open` : undefined}
                    className={TIME_INPUT_CLASS}
                  />
                  <FieldError id={`${id}-${d}-open`} message={err("open")} />
                </span>
                <span className="min-w-0">
                  <input
                    type="time"
                    name={`close-${d}`}
                    defaultValue={h?.close ?? ""}
                    aria-label={`${DAYS[d]} closes`}
                    aria-invalid={err("close") ? true : undefined}
                    aria-describedby={err("close") ? `${id}-${d}-close` : undefined}
                    className={TIME_INPUT_CLASS}
                  />
                  <FieldError id={`${id}-${d}-close`} message={err("close")} />
                </span>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <button type="submit" className={buttonVariants({ size: "sm" })} disabled={state.kind === "busy"}>
        Save {possessive(name)} hours
      </button>
    </form>
  );
}

type Row = SpecialHoursEntry & { key: number };

/** The site's holiday and event days: add, change or remove rows, then save the whole list. */
export function SpecialHoursEditor({
  siteId,
  entries,
  locations,
}: {
  siteId: number;
  entries: SpecialHoursEntry[];
  locations: Array<{ id: number; name: string }>;
}) {
  const router = useRouter();
  const id = useId();
  const { state, errors, send, check } = useSend();
  const [rows, setRows] = useState<Row[]>(() => entries.map((e, i) => ({ ...e, key: i })));
  const [nextKey, setNextKey] = useState(entries.length);
  const update = (key: number, patch: Partial<SpecialHoursEntry>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = {
      special_hours: rows.map(({ key: _key, ...r }) => ({
        ...r,
        name: r.name?.trim() ? r.name.trim() : null,
        start_hour: r.status === "Closed" ? null : r.start_hour || null,
        end_hour: r.status === "Closed" ? null : r.end_hour || null,
      })),
    };
    const valid = check(SpecialHoursUpdateSchema, body, "Please correct the holiday hours.", "special_hours");
    if (!valid) return;
    if (await send(`/api/admin/sites/${siteId}/special-hours`, { method: "PUT", json: valid })) router.refresh();
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Holiday hours" className="space-y-3" data-testid="special-hours">
      <StatusLine state={state} testId="special-hours" />
      {rows.length === 0 && <p className="text-neutral-700">No holiday hours. Public holidays show the normal week until you add them.</p>}
      <ul className="space-y-3">
        {rows.map((r, i) => (
          <SpecialRow
            key={r.key}
            row={r}
            idPrefix={`${id}-${r.key}`}
            errors={errors}
            index={i}
            locations={locations}
            onChange={(patch) => update(r.key, patch)}
            onRemove={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
          />
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonVariants({ variant: "outline", size: "sm" })}
          onClick={() => {
            setRows((rs) => [
              ...rs,
              { key: nextKey, date: "", name: "", status: "Closed", start_hour: null, end_hour: null, location_id: null },
            ]);
            setNextKey((k) => k + 1);
          }}
        >
          Add a day
        </button>
        <button type="submit" className={buttonVariants({ size: "sm" })} disabled={state.kind === "busy"}>
          Save holiday hours
        </button>
      </div>
    </form>
  );
}

/** One holiday or event day: its date, name, location, status and hours, and the button that removes it. */
function SpecialRow({
  row,
  idPrefix,
  errors,
  index,
  locations,
  onChange,
  onRemove,
}: {
  row: Row;
  /** the row's own, for its fields' error messages */
  idPrefix: string;
  errors: Record<string, string>;
  /** its place in the list, as the messages name it */
  index: number;
  locations: Array<{ id: number; name: string }>;
  onChange: (patch: Partial<SpecialHoursEntry>) => void;
  onRemove: () => void;
}) {
  const err = (k: string) => errors[`special_hours.${index}.${k}`];
  const fid = (k: string) => `${idPrefix}-${k}`;
  return (
    <li className="grid grid-cols-2 gap-2 rounded-md border border-neutral-200 p-3 md:grid-cols-4" data-testid="special-row">
      <label className="text-sm font-semibold">
        Date
        <input
          type="date"
          value={row.date}
          onChange={(e) => onChange({ date: e.target.value })}
          className={cell}
          aria-invalid={err("date") ? true : undefined}
          aria-describedby={err("date") ? fid("date") : undefined}
          name="date"
        />
        <FieldError id={fid("date")} message={err("date")} />
      </label>
      <label className="text-sm font-semibold md:col-span-2">
        Name
        <input
          type="text"
          value={row.name ?? ""}
          maxLength={120}
          onChange={(e) => onChange({ name: e.target.value })}
          className={cell}
          name="name"
          placeholder="e.g. Christmas Day"
        />
      </label>
      <label className="text-sm font-semibold">
        Location
        <select
          value={row.location_id ?? ""}
          onChange={(e) => onChange({ location_id: e.target.value ? Number(e.target.value) : null })}
          className={cell}
          name="location"
        >
          <option value="">All locations</option>
          {locations.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <label className="col-span-2 text-sm font-semibold md:col-span-1">
        Status
        <select value={row.status} onChange={(e) => onChange({ status: e.target.value as OpeningStatus })} className={cell} name="status">
          {STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <label className="text-sm font-semibold">
        Opens
        <input
          type="time"
          value={row.start_hour ?? ""}
          disabled={row.status === "Closed"}
          onChange={(e) => onChange({ start_hour: e.target.value })}
          className={TIME_INPUT_CLASS}
          aria-invalid={err("start_hour") ? true : undefined}
          aria-describedby={err("start_hour") ? fid("start") : undefined}
          name="start_hour"
        />
        <FieldError id={fid("start")} message={err("start_hour")} />
      </label>
      <label className="text-sm font-semibold">
        Closes
        <input
          type="time"
          value={row.end_hour ?? ""}
          disabled={row.status === "Closed"}
          onChange={(e) => onChange({ end_hour: e.target.value })}
          className={TIME_INPUT_CLASS}
          aria-invalid={err("end_hour") ? true : undefined}
          aria-describedby={err("end_hour") ? fid("end") : undefined}
          name="end_hour"
        />
        <FieldError id={fid("end")} message={err("end_hour")} />
      </label>
      <div className="col-span-2 md:col-span-4">
        <button type="button" className={buttonVariants({ variant: "ghost", size: "sm" })} onClick={onRemove}>
          Remove {row.name || row.date || "this day"}
        </button>
      </div>
    </li>
  );
}
