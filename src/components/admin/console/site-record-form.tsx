"use client";

import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { SiteRecordPatchSchema } from "@/domain/platform/site-record";
import { buttonVariants } from "@/components/ui/button";
import { SelectField, TextArea, TextField } from "@/components/ui/text-field";
import { StatusLine } from "../status-line";
import { useSend } from "../use-send";
import { given, clearable, numberOf, templateOptions, countryOptions } from "./fields";

export type SiteFormValues = {
  id: number;
  name: string;
  slug: string;
  domain_name: string;
  domains: string[];
  template: string;
  country: string;
  timezone: string;
  /** the zone follows the locations' state (no operator set one) */
  timezone_from_locations: boolean;
  /** why the zone is wrong for where the locations are (the checklist's time zone item), or null */
  timezone_problem: string | null;
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

type Errors = Record<string, string>;

/** The patch the platform API takes, from the form as the operator left it. */
function siteRecordPatch(f: FormData) {
  const social = Object.fromEntries(
    (["facebook", "instagram", "youtube"] as const).flatMap((k) => (given(f, k) ? [[k, given(f, k)]] : [])),
  );
  return {
    name: given(f, "name") ?? "",
    slug: given(f, "slug") ?? "",
    domain_name: given(f, "domain_name") ?? "",
    domains: String(f.get("domains") ?? "")
      .split(/[\s,]+/)
      .filter(Boolean),
    template: String(f.get("template")),
    country: String(f.get("country")),
    // null: the zone of the locations' state, kept up as they change
    timezone: f.get("timezone_from_locations") === "on" ? null : (given(f, "timezone") ?? ""),
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
}

/** The site's record: every field the operator may change, saved together. */
export function SiteRecordForm({ values }: { values: SiteFormValues }) {
  const router = useRouter();
  const { state, errors, send, check } = useSend();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const patch = siteRecordPatch(new FormData(e.currentTarget));
    if (!check(SiteRecordPatchSchema, patch, "Please check the highlighted fields.", "site")) return;
    if (await send(`/api/admin/platform/sites/${values.id}`, { method: "PUT", json: patch })) router.refresh();
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Site record" className="space-y-4" data-testid="site-record">
      <StatusLine state={state} testId="site-record" />
      <div className="grid gap-4 md:grid-cols-2">
        <IdentityFields values={values} errors={errors} />
        <DealerFields values={values} errors={errors} />
        <StorefrontFields values={values} errors={errors} />
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

/** What the site is and where it answers: its name, slug and domains, template, country and time zone. */
function IdentityFields({ values, errors }: { values: SiteFormValues; errors: Errors }) {
  return (
    <>
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
      <div>
        <TextField
          name="timezone"
          label="Time zone"
          defaultValue={values.timezone}
          error={errors.timezone ?? values.timezone_problem ?? undefined}
          hint="e.g. Australia/Perth; hours, reports and emails are counted in it"
        />
        <label className="mt-2 flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="timezone_from_locations"
            defaultChecked={values.timezone_from_locations}
            className="mt-0.5 size-5 shrink-0"
          />
          <span>Take it from the locations’ state (the primary location’s)</span>
        </label>
      </div>
    </>
  );
}

/** Who the dealer is: group, manufacturer, their own ids, what they sell, and how to reach them. */
function DealerFields({ values, errors }: { values: SiteFormValues; errors: Errors }) {
  return (
    <>
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
        hint="What the site calls its stock in headings and buttons when its template has no word of its own, e.g. Boat; empty says Car"
      />
      <TextField name="phone" label="Phone" type="tel" defaultValue={values.phone ?? ""} error={errors.phone} />
      <TextField name="email" label="Email" type="email" defaultValue={values.email ?? ""} error={errors.email} />
    </>
  );
}

/** How the site looks and sells: colours, finance and payments, sold cars, search order and social pages. */
function StorefrontFields({ values, errors }: { values: SiteFormValues; errors: Errors }) {
  return (
    <>
      <TextField name="primary" label="Brand colour" type="color" defaultValue={values.colours.primary} error={errors["colours.primary"]} />
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
    </>
  );
}
