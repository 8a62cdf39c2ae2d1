"use client";

import type { FormEvent } from "react";
import { DealershipPatchSchema, DealershipRecordSchema } from "@/domain/platform/dealership-record";
import { buttonVariants } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { StatusLine } from "../status-line";
import { given, clearable, numberOf } from "./fields";
import { useRecordForm } from "./use-record-form";

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
