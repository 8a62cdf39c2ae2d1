"use client";

import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { ContentEditSchema, KIND_LABELS, type ContentEdit, type EditableKind } from "@/domain/content/edit";
import { buttonVariants } from "@/components/ui/button";
import { TextArea, TextField } from "@/components/ui/text-field";
import { StatusLine } from "./status-line";
import { useSend } from "./use-send";

/** A page, blog post or offer: Markdown text, its address, dates and (offers) prices and terms. */
export function ContentEditor({
  siteId,
  entryId,
  kind,
  values,
}: {
  siteId: number;
  entryId: number | null;
  kind: EditableKind;
  values: Partial<Record<keyof ContentEdit, string>>;
}) {
  const router = useRouter();
  const { state, errors, send, check } = useSend();
  const remove = useSend();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = { ...Object.fromEntries(new FormData(e.currentTarget)), kind };
    const valid = check(ContentEditSchema, data);
    if (!valid) return;
    const url = entryId === null ? `/api/admin/sites/${siteId}/content` : `/api/admin/sites/${siteId}/content/${entryId}`;
    const saved = await send<{ id: number }>(url, { method: entryId === null ? "POST" : "PUT", json: valid });
    if (saved && entryId === null) router.replace(`/sites/${siteId}/content/${saved.id}?created=1`);
    else if (saved) router.refresh();
  };
  const field = (name: keyof ContentEdit, label: string, extra: { type?: string; hint?: string } = {}) => (
    <TextField name={name} label={label} type={extra.type} hint={extra.hint} defaultValue={values[name] ?? ""} error={errors[name]} />
  );
  const area = (name: "summary" | "body" | "terms", label: string, rows: number, hint?: string) => (
    <TextArea
      name={name}
      label={label}
      rows={rows}
      hint={hint}
      defaultValue={values[name] ?? ""}
      error={errors[name]}
      className={name === "body" ? "font-mono text-sm" : ""}
    />
  );
  return (
    <div className="space-y-4">
      <form noValidate onSubmit={submit} className="space-y-4" aria-label={`Edit ${KIND_LABELS[kind].toLowerCase()}`}>
        <StatusLine state={state} testId="content" />
        {errors.kind && (
          <p role="alert" className="font-semibold text-red-700">
            {errors.kind}
          </p>
        )}
        {field("title", "Title")}
        {field("slug", "Address (slug)", { hint: "Lower-case words joined by hyphens; part of the page's address." })}
        {area("summary", "Summary", 2, "One or two sentences: shown in lists and to search engines.")}
        {area(
          "body",
          "Text (Markdown)",
          14,
          "Headings with #, lists with -, links as [text](https://…). Scripts and raw HTML are removed.",
        )}
        <div className="grid gap-4 md:grid-cols-2">
          {field("published_on", "Published on", { type: "date", hint: "Shown from the start of this day; a later day schedules it." })}
          {kind === "offer" && field("expires_on", "Ends on", { type: "date", hint: "Listed until the end of this day." })}
          {field("image", "Image", { hint: "A site path (/photos/…) or an https address." })}
          {kind === "post" && field("author", "Author")}
          {kind === "offer" && field("make", "Brand")}
          {kind === "offer" && field("price", "Price (drive away, whole dollars)")}
          {kind === "offer" && field("saving", "Saving (whole dollars)")}
          {kind === "offer" && field("subscription_weekly", "Subscription a week (whole dollars)")}
        </div>
        {kind === "offer" && area("terms", "Terms", 4)}
        <button type="submit" className={buttonVariants()} disabled={state.kind === "busy"}>
          {entryId === null ? `Create ${KIND_LABELS[kind].toLowerCase()}` : "Save"}
        </button>
      </form>
      {entryId !== null && (
        <div className="border-t border-neutral-200 pt-4">
          <button
            type="button"
            className={buttonVariants({ variant: "ghost", size: "sm" })}
            onClick={async () => {
              if (!window.confirm(`Delete this ${KIND_LABELS[kind].toLowerCase()}? It disappears from the website at once.`)) return;
              if (await remove.send(`/api/admin/sites/${siteId}/content/${entryId}`, { method: "DELETE" }))
                router.replace(`/sites/${siteId}/content`);
            }}
          >
            Delete this {KIND_LABELS[kind].toLowerCase()}
          </button>
          <StatusLine state={remove.state} />
        </div>
      )}
    </div>
  );
}
