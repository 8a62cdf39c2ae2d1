"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { LocationPatchSchema, LocationRecordSchema, AU_STATES } from "@/domain/platform/location-record";
import { COUNTRIES, SITE_TEMPLATES, SiteRecordPatchSchema, SiteRecordSchema, suggestSlug } from "@/domain/platform/site-record";
import { FeatureRuleSchema } from "@/domain/site/feature-rules";
import { DealershipPatchSchema, DealershipRecordSchema } from "@/domain/platform/dealership-record";
import { buttonVariants } from "@/components/ui/button";
import { SelectField, TextArea, TextField } from "@/components/ui/text-field";
import { StatusLine } from "./status-line";
import { useSend } from "./use-send";

/*
 * The operators' console forms: a new site, its record, its logo, its locations and
 * publishing. Each checks its data with the server's own schema before sending, and shows the
 * server's field messages beside the fields.
 */

const TEMPLATE_LABELS: Record<(typeof SITE_TEMPLATES)[number], string> = {
  default: "Cars (default)",
  motorcycles: "Motorcycles",
  campers: "Campers",
  trucks: "Trucks (a truck centre)",
  truck: "Truck (one truck brand)",
  rv: "RVs",
};
const templateOptions = SITE_TEMPLATES.map((t) => [t, TEMPLATE_LABELS[t]] as const);
const countryOptions = COUNTRIES.map((c) => [c, { AU: "Australia", NZ: "New Zealand", US: "United States" }[c]] as const);

/** A form field's text, or undefined when it was left empty (the record's default applies). */
const given = (f: FormData, k: string): string | undefined => {
  const v = f.get(k);
  return typeof v === "string" && v.trim() ? v.trim() : undefined;
};
/** A text the operator may clear: null when emptied. */
const clearable = (f: FormData, k: string): string | null => given(f, k) ?? null;
const numberOf = (f: FormData, k: string): number | undefined => {
  const v = given(f, k);
  return v === undefined ? undefined : Number(v);
};

/** A new site: a name, a slug (suggested from the name), a template and a domain are enough. */
export function NewSiteForm() {
  const router = useRouter();
  const { state, errors, send, check } = useSend();
  const [slug, setSlug] = useState("");
  const [slugTouched, setSlugTouched] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const record = {
      name: given(f, "name") ?? "",
      slug: given(f, "slug") ?? "",
      template: String(f.get("template")),
      domain_name: given(f, "domain_name") ?? "",
      country: given(f, "country"),
      dealership_group: given(f, "dealership_group"),
      manufacturer: given(f, "manufacturer"),
      phone: given(f, "phone"),
      email: given(f, "email"),
    };
    if (!check(SiteRecordSchema, record, "Please check the highlighted fields.", "site")) return;
    const body = await send<{ site: { id: number } }>("/api/admin/platform/sites", { method: "POST", json: record });
    if (body) router.push(`/platform/sites/${body.site.id}`);
  };
  return (
    <form noValidate onSubmit={submit} aria-label="New site" className="space-y-4" data-testid="new-site">
      <StatusLine state={state} testId="new-site" />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          name="name"
          label="Dealer's name"
          error={errors.name}
          hint="As shoppers see it, e.g. Smith Motors Geelong"
          onInput={(v) => !slugTouched && setSlug(suggestSlug(v))}
        />
        <TextField
          name="slug"
          label="Slug"
          error={errors.slug}
          hint="Lower-case letters, digits and hyphens: the site's key and its {slug}.localhost address"
          value={slug}
          onInput={(v) => {
            setSlugTouched(true);
            setSlug(v);
          }}
        />
        <SelectField name="template" label="Template" options={templateOptions} defaultValue="default" error={errors.template} />
        <TextField
          name="domain_name"
          label="Domain"
          error={errors.domain_name}
          hint="e.g. smithmotors.com.au (the site answers on it and on www.)"
        />
      </div>
      <details className="rounded-md border border-neutral-200 p-3">
        <summary className="cursor-pointer font-semibold">More (optional: the defaults fit most dealers)</summary>
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          <SelectField name="country" label="Country" options={countryOptions} defaultValue="AU" error={errors.country} />
          <TextField
            name="dealership_group"
            label="Dealership group"
            error={errors.dealership_group}
            hint="A group's rules give its sites their flags"
          />
          <TextField name="manufacturer" label="Manufacturer (a one-brand dealer)" error={errors.manufacturer} />
          <TextField name="phone" label="Phone" type="tel" error={errors.phone} />
          <TextField name="email" label="Email" type="email" error={errors.email} />
        </div>
      </details>
      <button type="submit" className={buttonVariants()} disabled={state.kind === "busy"}>
        Create the site (as a draft)
      </button>
    </form>
  );
}

export type SiteFormValues = {
  id: number;
  name: string;
  slug: string;
  domain_name: string;
  domains: string[];
  template: string;
  country: string;
  timezone: string;
  dealership_group: string | null;
  manufacturer: string | null;
  manufacturer_id: number | null;
  dealership_id: number | null;
  primary_vehicle_override: string | null;
  phone: string | null;
  email: string | null;
  colours: { primary: string; secondary: string };
  finance_provider: string | null;
  payment_provider: string | null;
  include_sold_cars_days: number;
  default_sort: string;
  no_stock_yet: boolean;
  social_urls: { facebook?: string; instagram?: string; youtube?: string };
};

/** The site's record: every field the operator may change, saved together. */
export function SiteRecordForm({ values }: { values: SiteFormValues }) {
  const router = useRouter();
  const { state, errors, send, check } = useSend();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const social = Object.fromEntries(
      (["facebook", "instagram", "youtube"] as const).flatMap((k) => (given(f, k) ? [[k, given(f, k)]] : [])),
    );
    const patch = {
      name: given(f, "name") ?? "",
      slug: given(f, "slug") ?? "",
      domain_name: given(f, "domain_name") ?? "",
      domains: String(f.get("domains") ?? "")
        .split(/[\s,]+/)
        .filter(Boolean),
      template: String(f.get("template")),
      country: String(f.get("country")),
      timezone: given(f, "timezone") ?? "",
      dealership_group: clearable(f, "dealership_group"),
      manufacturer: clearable(f, "manufacturer"),
      manufacturer_id: numberOf(f, "manufacturer_id") ?? null,
      dealership_id: numberOf(f, "dealership_id") ?? null,
      primary_vehicle_override: clearable(f, "primary_vehicle_override"),
      phone: clearable(f, "phone"),
      email: clearable(f, "email"),
      colours: { primary: String(f.get("primary")), secondary: String(f.get("secondary")) },
      finance_provider: clearable(f, "finance_provider"),
      payment_provider: clearable(f, "payment_provider"),
      include_sold_cars_days: numberOf(f, "include_sold_cars_days") ?? 0,
      default_sort: String(f.get("default_sort")),
      no_stock_yet: f.get("no_stock_yet") === "on",
      social_urls: social,
    };
    if (!check(SiteRecordPatchSchema, patch, "Please check the highlighted fields.", "site")) return;
    if (await send(`/api/admin/platform/sites/${values.id}`, { method: "PUT", json: patch })) router.refresh();
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Site record" className="space-y-4" data-testid="site-record">
      <StatusLine state={state} testId="site-record" />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField name="name" label="Dealer's name" defaultValue={values.name} error={errors.name} />
        <TextField name="slug" label="Slug" defaultValue={values.slug} error={errors.slug} />
        <TextField name="domain_name" label="Domain" defaultValue={values.domain_name} error={errors.domain_name} />
        <TextArea
          name="domains"
          label="Other domains"
          rows={2}
          defaultValue={values.domains.join("\n")}
          error={Object.entries(errors).find(([k]) => k.startsWith("domains"))?.[1]}
          hint="One per line; each (and its www.) redirects to the main domain, e.g. smithmotors.net.au"
        />
        <SelectField name="template" label="Template" options={templateOptions} defaultValue={values.template} error={errors.template} />
        <SelectField name="country" label="Country" options={countryOptions} defaultValue={values.country} error={errors.country} />
        <TextField name="timezone" label="Time zone" defaultValue={values.timezone} error={errors.timezone} hint="e.g. Australia/Perth" />
        <TextField
          name="dealership_group"
          label="Dealership group"
          defaultValue={values.dealership_group ?? ""}
          error={errors.dealership_group}
        />
        <TextField name="manufacturer" label="Manufacturer" defaultValue={values.manufacturer ?? ""} error={errors.manufacturer} />
        <TextField
          name="manufacturer_id"
          label="Manufacturer id"
          type="number"
          defaultValue={values.manufacturer_id === null ? "" : String(values.manufacturer_id)}
          error={errors.manufacturer_id}
        />
        <TextField
          name="dealership_id"
          label="Dealership id (the dealer's own system)"
          type="number"
          defaultValue={values.dealership_id === null ? "" : String(values.dealership_id)}
          error={errors.dealership_id}
        />
        <TextField
          name="primary_vehicle_override"
          label="Vehicle noun"
          defaultValue={values.primary_vehicle_override ?? ""}
          error={errors.primary_vehicle_override}
          hint="Primary vehicle override: the word for the stock where the template gives none, e.g. Boat"
        />
        <TextField name="phone" label="Phone" type="tel" defaultValue={values.phone ?? ""} error={errors.phone} />
        <TextField name="email" label="Email" type="email" defaultValue={values.email ?? ""} error={errors.email} />
        <TextField
          name="primary"
          label="Brand colour"
          type="color"
          defaultValue={values.colours.primary}
          error={errors["colours.primary"]}
        />
        <TextField
          name="secondary"
          label="Accent colour"
          type="color"
          defaultValue={values.colours.secondary}
          error={errors["colours.secondary"]}
        />
        <TextField
          name="finance_provider"
          label="Finance provider"
          defaultValue={values.finance_provider ?? ""}
          error={errors.finance_provider}
          hint="Manual: finance applications arrive as leads; empty: none online"
        />
        <TextField
          name="payment_provider"
          label="Payment provider"
          defaultValue={values.payment_provider ?? ""}
          error={errors.payment_provider}
          hint="Empty: no deposits online"
        />
        <TextField
          name="include_sold_cars_days"
          label="Days a sold car stays listed"
          type="number"
          defaultValue={String(values.include_sold_cars_days)}
          error={errors.include_sold_cars_days}
        />
        <SelectField
          name="default_sort"
          label="Search sorts by"
          options={[
            ["relevance", "Relevance"],
            ["newest", "Newest first"],
            ["price_asc", "Lowest price"],
          ]}
          defaultValue={values.default_sort}
          error={errors.default_sort}
        />
        <TextField
          name="facebook"
          label="Facebook page"
          type="url"
          defaultValue={values.social_urls.facebook ?? ""}
          error={errors["social_urls.facebook"]}
        />
        <TextField
          name="instagram"
          label="Instagram"
          type="url"
          defaultValue={values.social_urls.instagram ?? ""}
          error={errors["social_urls.instagram"]}
        />
      </div>
      <label className="flex items-start gap-2">
        <input type="checkbox" name="no_stock_yet" defaultChecked={values.no_stock_yet} className="mt-1 size-5 shrink-0" />
        <span>
          <span className="font-semibold">No stock yet</span>
          <span className="block text-sm text-neutral-700">The dealer publishes before its first cars are loaded, on purpose.</span>
        </span>
      </label>
      <button type="submit" className={buttonVariants()} disabled={state.kind === "busy"}>
        Save the site
      </button>
    </form>
  );
}

/** Publish (or take down) the site; the checklist says what is missing first. */
export function PublishForm({ siteId, published, ready }: { siteId: number; published: boolean; ready: boolean }) {
  const router = useRouter();
  const { state, send } = useSend();
  const [confirm, setConfirm] = useState(false);
  const toggle = async () => {
    if (!published && !ready && !confirm) return setConfirm(true);
    if (await send(`/api/admin/platform/sites/${siteId}`, { method: "PUT", json: { published: !published } })) {
      setConfirm(false);
      router.refresh();
    }
  };
  return (
    <div className="space-y-2" data-testid="publish">
      <StatusLine state={state} testId="publish" />
      {confirm && (
        <p role="alert" className="rounded-md border border-amber-600 bg-amber-50 p-3 font-semibold text-amber-900">
          The checklist is not complete. Publish anyway?
        </p>
      )}
      <button
        type="button"
        onClick={toggle}
        className={buttonVariants({ variant: published ? "outline" : "primary" })}
        disabled={state.kind === "busy"}
      >
        {published ? "Unpublish (back to coming soon)" : confirm ? "Yes, publish anyway" : "Publish the site"}
      </button>
    </div>
  );
}

/** Upload the logo, the small logo or the banner. */
export function LogoForm({ siteId }: { siteId: number }) {
  const router = useRouter();
  const { state, errors, setErrors, setState } = useSend();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const file = form.get("logo");
    if (!(file instanceof File) || !file.size) {
      setErrors({ logo: "Choose a picture to upload" });
      setState({ kind: "error", message: "Choose a picture to upload." });
      return;
    }
    setState({ kind: "busy" });
    setErrors({});
    const res = await fetch(`/api/admin/platform/sites/${siteId}/logo`, { method: "POST", body: form }).catch(() => null);
    const body = (await res?.json().catch(() => null)) as { message?: string; error?: string; errors?: Record<string, string> } | null;
    if (!res?.ok) {
      setErrors(body?.errors ?? {});
      setState({ kind: "error", message: body?.error ?? "The upload failed. Check your connection and try again." });
      return;
    }
    setState({ kind: "done", message: body?.message ?? "Uploaded." });
    router.refresh();
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Logo" className="space-y-3" data-testid="logo-form">
      <StatusLine state={state} testId="logo" />
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField
          name="slot"
          label="Which picture"
          options={[
            ["url", "The logo"],
            ["thumb", "The small logo (phones)"],
            ["banner", "The home page banner"],
          ]}
          defaultValue="url"
          error={errors.slot}
        />
        <div>
          <label className="block text-sm font-semibold" htmlFor={`logo-file-${siteId}`}>
            Picture (PNG, JPEG, WebP or AVIF)
          </label>
          <input
            id={`logo-file-${siteId}`}
            name="logo"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/avif"
            className="mt-1 block min-h-11 w-full"
            aria-invalid={errors.logo ? true : undefined}
            aria-describedby={errors.logo ? `logo-error-${siteId}` : undefined}
          />
          {errors.logo && (
            <p id={`logo-error-${siteId}`} className="mt-1 text-sm font-semibold text-red-700">
              {errors.logo}
            </p>
          )}
        </div>
      </div>
      <button type="submit" className={buttonVariants({ size: "sm" })} disabled={state.kind === "busy"}>
        Upload
      </button>
    </form>
  );
}

/**
 * A console form that adds a record to one of a site's lists (locations, dealerships) or changes one of
 * them: the server's schema first, then POST to the list or PUT to the record, the form emptied after
 * an add, the page's data read again.
 */
function useRecordForm(list: string, id: number | undefined) {
  const router = useRouter();
  const sending = useSend();
  const save = async (form: HTMLFormElement, schema: z.ZodType, record: unknown, prefix: string) => {
    if (!sending.check(schema, record, "Please check the highlighted fields.", prefix)) return;
    const adding = id === undefined;
    if (await sending.send(adding ? list : `${list}/${id}`, { method: adding ? "POST" : "PUT", json: record })) {
      if (adding) form.reset();
      router.refresh();
    }
  };
  return { ...sending, save };
}

export type LocationFormValues = {
  id: number;
  dealership_id: number | null;
  name: string;
  slug: string;
  location_type: string;
  buying: boolean;
  position: number;
  visible: boolean;
  street: string;
  city: string;
  state: string;
  postcode: string;
  lat: number;
  long: number;
  phone: string;
  landline_phone: string;
  email: string;
  dealer_license_number: string;
  motor_vehicle_repairer: string;
  gmb_profile_id: string;
};

/** Add a location, or change one: type, address with coordinates, contacts, licence numbers, shown or hidden, order. */
export function LocationForm({
  siteId,
  country,
  dealerships,
  values,
}: {
  siteId: number;
  country: string;
  dealerships: ReadonlyArray<{ id: number; name: string }>;
  values?: LocationFormValues;
}) {
  const { state, errors, save } = useRecordForm(`/api/admin/platform/sites/${siteId}/locations`, values?.id);
  const editing = values !== undefined;
  const key = values?.id ?? "new";
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const record = {
      name: given(f, "name") ?? "",
      ...(given(f, "slug") ? { slug: given(f, "slug") } : {}),
      location_type: String(f.get("location_type")),
      dealership_id: given(f, "dealership_id") ? Number(given(f, "dealership_id")) : null,
      location_subtype: f.get("buying") === "on" ? ["buying"] : [],
      position: numberOf(f, "position"),
      visible: f.get("visible") === "on",
      contact_detail: {
        phone: given(f, "phone") ?? "",
        ...(given(f, "landline_phone") ? { landline_phone: given(f, "landline_phone") } : {}),
        ...(given(f, "email") ? { email: given(f, "email") } : {}),
      },
      dealer_license_number: clearable(f, "dealer_license_number"),
      motor_vehicle_repairer: clearable(f, "motor_vehicle_repairer"),
      ...(given(f, "gmb_profile_id") ? { gmb_profile_id: given(f, "gmb_profile_id") } : {}),
      address: {
        street: given(f, "street") ?? "",
        city: given(f, "city") ?? "",
        state: given(f, "state") ?? "",
        postcode: given(f, "postcode") ?? "",
        lat: numberOf(f, "lat") ?? Number.NaN,
        long: numberOf(f, "long") ?? Number.NaN,
      },
      // a new location opens with the usual sales week; the week editor beside it changes it
      ...(editing
        ? {}
        : {
            opening_hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
              weekday === 0
                ? { weekday, status: "Closed", open: null, close: null }
                : { weekday, status: "Open", open: weekday === 6 ? "09:00" : "08:30", close: weekday === 6 ? "13:00" : "17:30" },
            ),
          }),
    };
    await save(form, editing ? LocationPatchSchema : LocationRecordSchema, record, "location");
  };
  const states = country === "AU" ? AU_STATES.map((s) => [s, s] as const) : null;
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={editing ? `Location ${values.name}` : "New location"}
      className="space-y-4"
      data-testid={`location-${key}`}
    >
      <StatusLine state={state} testId={`location-${key}`} />
      <div className="grid gap-4 md:grid-cols-3">
        <TextField name="name" label="Name" defaultValue={values?.name} error={errors.name} />
        <TextField
          name="slug"
          label="Slug"
          defaultValue={values?.slug}
          error={errors.slug}
          hint={editing ? undefined : "Made from the name when empty"}
        />
        <SelectField
          name="location_type"
          label="Type"
          options={[
            ["sales", "Sales"],
            ["service", "Service"],
            ["parts", "Parts"],
          ]}
          defaultValue={values?.location_type || "sales"}
          error={errors.location_type}
        />
        <SelectField
          name="dealership_id"
          label="Dealership"
          options={[["", "None (the site's own)"], ...dealerships.map((d) => [String(d.id), d.name] as const)]}
          defaultValue={values?.dealership_id ? String(values.dealership_id) : ""}
          error={errors.dealership_id}
        />
        <TextField name="street" label="Street address" defaultValue={values?.street} error={errors["address.street"]} />
        <TextField name="city" label="Suburb or city" defaultValue={values?.city} error={errors["address.city"]} />
        {states ? (
          <SelectField name="state" label="State" options={states} defaultValue={values?.state ?? "VIC"} error={errors["address.state"]} />
        ) : (
          <TextField name="state" label="State or region" defaultValue={values?.state} error={errors["address.state"]} />
        )}
        <TextField name="postcode" label="Postcode" defaultValue={values?.postcode} error={errors["address.postcode"]} />
        <TextField
          name="lat"
          label="Latitude"
          type="text"
          defaultValue={values ? String(values.lat) : undefined}
          error={errors["address.lat"]}
          hint="From the map: e.g. -38.1470 (negative south of the equator)"
        />
        <TextField
          name="long"
          label="Longitude"
          type="text"
          defaultValue={values ? String(values.long) : undefined}
          error={errors["address.long"]}
          hint="e.g. 144.3600"
        />
        <TextField name="phone" label="Phone" type="tel" defaultValue={values?.phone} error={errors["contact_detail.phone"]} />
        <TextField
          name="landline_phone"
          label="Landline"
          type="tel"
          defaultValue={values?.landline_phone}
          error={errors["contact_detail.landline_phone"]}
        />
        <TextField
          name="email"
          label="Email (leads to this location go here)"
          type="email"
          defaultValue={values?.email}
          error={errors["contact_detail.email"]}
        />
        <TextField
          name="dealer_license_number"
          label="Dealer licence number"
          defaultValue={values?.dealer_license_number}
          error={errors.dealer_license_number}
        />
        <TextField
          name="motor_vehicle_repairer"
          label="Motor vehicle repairer number"
          defaultValue={values?.motor_vehicle_repairer}
          error={errors.motor_vehicle_repairer}
        />
        <TextField name="gmb_profile_id" label="Reviews profile id" defaultValue={values?.gmb_profile_id} error={errors.gmb_profile_id} />
        <TextField
          name="position"
          label="Order"
          type="number"
          defaultValue={values ? String(values.position) : undefined}
          error={errors.position}
          hint="Lower comes first"
        />
      </div>
      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-2">
          <input type="checkbox" name="visible" defaultChecked={values?.visible ?? true} className="size-5" />
          <span className="font-semibold">Shown on the site</span>
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="buying" defaultChecked={values?.buying ?? false} className="size-5" />
          <span className="font-semibold">Buys cars (subtype buying)</span>
        </label>
      </div>
      <button type="submit" className={buttonVariants({ size: "sm" })} disabled={state.kind === "busy"}>
        {editing ? "Save the location" : "Add the location"}
      </button>
    </form>
  );
}

/** A new feature rule: what it matches, and the flags it sets (each left alone, on or off). */
export function RuleForm({ flags }: { flags: readonly string[] }) {
  const router = useRouter();
  const { state, errors, send, check } = useSend();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const field = String(f.get("field"));
    const raw = given(f, "value") ?? "";
    const kind = String(f.get("kind"));
    const one = (v: string) => (field === "id" && /^\d+$/.test(v) ? Number(v) : v);
    const matcher =
      kind === "pattern"
        ? { pattern: raw, flags: "i" as const }
        : kind === "list"
          ? raw
              .split(",")
              .map((v) => one(v.trim()))
              .filter((v) => v !== "")
          : one(raw);
    const set = Object.fromEntries(
      flags.flatMap((k) => (f.get(`flag-${k}`) === "on" ? [[k, true]] : f.get(`flag-${k}`) === "off" ? [[k, false]] : [])),
    );
    const rule = { why: given(f, "why") ?? "", match: { [field]: matcher }, set };
    if (!check(FeatureRuleSchema, rule, "Please check the highlighted fields.", "rule")) return;
    if (await send("/api/admin/platform/rules", { method: "POST", json: rule })) {
      form.reset();
      router.refresh();
    }
  };
  const matchError = Object.entries(errors).find(([k]) => k === "match" || k.startsWith("match."))?.[1];
  const setError = Object.entries(errors).find(([k]) => k === "set" || k.startsWith("set."))?.[1];
  return (
    <form noValidate onSubmit={submit} aria-label="New rule" className="space-y-4" data-testid="rule-form">
      <StatusLine state={state} testId="rule" />
      <TextField
        name="why"
        label="Why (shown as the flags' source)"
        error={errors.why}
        hint="e.g. Smith Group's sites offer customer accounts"
      />
      <div className="grid gap-4 md:grid-cols-3">
        <SelectField
          name="field"
          label="Sites whose"
          options={[
            ["group", "dealership group"],
            ["manufacturer", "manufacturer"],
            ["slug", "slug"],
            ["name", "name"],
            ["id", "site id"],
          ]}
          defaultValue="group"
        />
        <SelectField
          name="kind"
          label="Match"
          options={[
            ["value", "is"],
            ["list", "is one of (comma-separated)"],
            ["pattern", "matches the pattern (any case)"],
          ]}
          defaultValue="value"
        />
        <TextField name="value" label="Value" error={matchError} />
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Flags it sets</legend>
        {setError && <p className="mb-2 text-sm font-semibold text-red-700">{setError}</p>}
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {flags.map((k) => (
            <label key={k} className="flex items-center justify-between gap-2 rounded border border-neutral-200 px-2 py-1 text-sm">
              <span className="break-all font-mono">{k}</span>
              <select
                name={`flag-${k}`}
                defaultValue=""
                className="min-h-9 rounded border border-neutral-400 bg-white px-1"
                aria-label={`${k}: leave, on or off`}
              >
                <option value="">—</option>
                <option value="on">on</option>
                <option value="off">off</option>
              </select>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className={buttonVariants()} disabled={state.kind === "busy"}>
        Add the rule
      </button>
    </form>
  );
}

/** Removes one rule, after asking. */
export function RemoveRuleButton({ id, why }: { id: number; why: string }) {
  const router = useRouter();
  const { state, send } = useSend();
  return (
    <span>
      <button
        type="button"
        className={buttonVariants({ variant: "ghost", size: "sm" })}
        disabled={state.kind === "busy"}
        onClick={async () => {
          if (!window.confirm(`Remove the rule "${why}"? The sites it fits lose its flags.`)) return;
          if (await send(`/api/admin/platform/rules/${id}`, { method: "DELETE" })) router.refresh();
        }}
      >
        Remove<span className="sr-only"> the rule {why}</span>
      </button>
      {state.kind === "error" && (
        <span role="alert" className="text-sm text-red-700">
          {state.message}
        </span>
      )}
    </span>
  );
}

export type DealershipFormValues = {
  id: number;
  name: string;
  slug: string;
  make: string | null;
  url: string | null;
  position: number;
  visible: boolean;
};

/** Add a dealership (a franchise of the site), or change one: its make, address, order, shown or hidden. */
export function DealershipForm({ siteId, values }: { siteId: number; values?: DealershipFormValues }) {
  const { state, errors, save } = useRecordForm(`/api/admin/platform/sites/${siteId}/dealerships`, values?.id);
  const editing = values !== undefined;
  const key = values?.id ?? "new";
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const record = {
      name: given(f, "name") ?? "",
      ...(given(f, "slug") ? { slug: given(f, "slug") } : {}),
      make: clearable(f, "make"),
      url: clearable(f, "url"),
      position: numberOf(f, "position"),
      visible: f.get("visible") === "on",
    };
    await save(form, editing ? DealershipPatchSchema : DealershipRecordSchema, record, "dealership");
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={editing ? `Dealership ${values.name}` : "New dealership"}
      className="space-y-3"
      data-testid={`dealership-${key}`}
    >
      <StatusLine state={state} testId={`dealership-${key}`} />
      <div className="grid gap-4 md:grid-cols-3">
        <TextField name="name" label="Name" defaultValue={values?.name} error={errors.name} />
        <TextField
          name="slug"
          label="Slug"
          defaultValue={values?.slug}
          error={errors.slug}
          hint={editing ? undefined : "Made from the name when empty"}
        />
        <TextField name="make" label="Make (a franchise's brand)" defaultValue={values?.make ?? ""} error={errors.make} />
        <TextField
          name="url"
          label="Its own address"
          type="url"
          defaultValue={values?.url ?? ""}
          error={errors.url}
          hint="Optional: https://…"
        />
        <TextField
          name="position"
          label="Order"
          type="number"
          defaultValue={values ? String(values.position) : undefined}
          error={errors.position}
        />
        <label className="flex items-center gap-2 self-end pb-3">
          <input type="checkbox" name="visible" defaultChecked={values?.visible ?? true} className="size-5" />
          <span className="font-semibold">Shown on the site</span>
        </label>
      </div>
      <button type="submit" className={buttonVariants({ size: "sm" })} disabled={state.kind === "busy"}>
        {editing ? "Save the dealership" : "Add the dealership"}
      </button>
    </form>
  );
}
