"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { SiteRecordSchema, suggestSlug } from "@/domain/platform/site-record";
import { buttonVariants } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/text-field";
import { StatusLine } from "../status-line";
import { useSend } from "../use-send";
import { given, templateOptions, countryOptions } from "./fields";

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
        <TextField
          name="phone"
          label="Phone"
          type="tel"
          error={errors.phone}
          hint="Shoppers see it in the site's header; a new location starts with it"
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
          <TextField name="email" label="Email" type="email" error={errors.email} />
        </div>
      </details>
      <button type="submit" className={buttonVariants()} disabled={state.kind === "busy"}>
        Create the site (as a draft)
      </button>
    </form>
  );
}
