import { buttonVariants } from "@/components/ui/button";
import { TextArea, TextField } from "@/components/ui/text-field";
import type { ReplyTemplates } from "@/domain/leads/follow-up";
import { StatusLine } from "./status-line";

/**
 * The words the lead page's SMS and Email buttons start with; {first_name}, {car}, {salesperson} and
 * {site} are filled in. A plain form post (it works without JavaScript, and what was typed never goes
 * into an address): the server sends the browser back saying saved, or with what was typed and the
 * messages when it was refused.
 */
export function ReplyTemplatesForm({
  siteId,
  values,
  saved = false,
  refused = null,
}: {
  siteId: number;
  values: ReplyTemplates;
  saved?: boolean;
  refused?: { errors: Record<string, string>; values: Record<string, string> } | null;
}) {
  const typed = refused?.values ?? {};
  const errors = refused?.errors ?? {};
  const state = refused
    ? ({ kind: "error", message: errors.form ?? "Please check the highlighted fields. Nothing was saved." } as const)
    : saved
      ? ({ kind: "done", message: "Reply templates saved." } as const)
      : ({ kind: "idle" } as const);
  return (
    <form method="post" action={`/api/admin/sites/${siteId}/reply-templates`} aria-label="Reply templates" className="max-w-xl space-y-3">
      <StatusLine state={state} testId="reply-templates" />
      <p className="text-sm text-neutral-700">
        Write <code>{"{first_name}"}</code>, <code>{"{car}"}</code>, <code>{"{salesperson}"}</code> or <code>{"{site}"}</code> where the
        shopper&apos;s first name, the car they asked about, your name and the site&apos;s name go.
      </p>
      <TextArea name="sms" label="Text message" rows={3} defaultValue={typed.sms ?? values.sms} error={errors.sms} />
      <TextField
        name="email_subject"
        label="Email subject"
        defaultValue={typed.email_subject ?? values.email_subject}
        error={errors.email_subject}
      />
      <TextArea name="email_body" label="Email" rows={8} defaultValue={typed.email_body ?? values.email_body} error={errors.email_body} />
      <button type="submit" className={buttonVariants({ size: "sm" })}>
        Save reply templates
      </button>
    </form>
  );
}
