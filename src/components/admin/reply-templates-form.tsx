"use client";

import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { buttonVariants } from "@/components/ui/button";
import { ScriptForm } from "@/components/ui/script-form";
import { TextArea, TextField } from "@/components/ui/text-field";
import { ReplyTemplatesSchema, type ReplyTemplates } from "@/domain/leads/follow-up";
import { StatusLine } from "./status-line";
import { useSend } from "./use-send";

/** The words the lead page's SMS and Email buttons start with; {first_name}, {car}, {salesperson} and {site} are filled in. */
export function ReplyTemplatesForm({ siteId, values }: { siteId: number; values: ReplyTemplates }) {
  const router = useRouter();
  const { state, errors, send, check } = useSend();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const valid = check(ReplyTemplatesSchema, Object.fromEntries(new FormData(e.currentTarget)));
    if (!valid) return;
    if (await send(`/api/admin/sites/${siteId}/reply-templates`, { method: "PUT", json: valid })) router.refresh();
  };
  return (
    <ScriptForm noValidate onSubmit={submit} aria-label="Reply templates" className="max-w-xl space-y-3">
      <StatusLine state={state} testId="reply-templates" />
      <p className="text-sm text-neutral-700">
        Write <code>{"{first_name}"}</code>, <code>{"{car}"}</code>, <code>{"{salesperson}"}</code> or <code>{"{site}"}</code> where the
        shopper&apos;s first name, the car they asked about, your name and the site&apos;s name go.
      </p>
      <TextArea name="sms" label="Text message" rows={3} defaultValue={values.sms} error={errors.sms} />
      <TextField name="email_subject" label="Email subject" defaultValue={values.email_subject} error={errors.email_subject} />
      <TextArea name="email_body" label="Email" rows={8} defaultValue={values.email_body} error={errors.email_body} />
      <button type="submit" className={buttonVariants({ size: "sm" })} disabled={state.kind === "busy"}>
        Save reply templates
      </button>
    </ScriptForm>
  );
}
