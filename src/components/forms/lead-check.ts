import { fieldErrors } from "@/domain/http/field-errors";
import { leadFormSchema } from "@/domain/leads/form-schema";
import type { FormDef, FormRules } from "@/domain/leads/forms";
import type { LeadCheck } from "./lead-form-state";

/**
 * The form's one zod schema (the server checks the same), each field's first message by the field's
 * name as the server's 422 gives them. Loaded on demand with zod: lead-form.tsx.
 */
export function leadCheck(form: FormDef, rules: FormRules): LeadCheck {
  const schema = leadFormSchema(form, rules);
  return async (values) => {
    const r = await schema.safeParseAsync(values);
    if (r.success) return { values: r.data };
    const errors: Record<string, string> = {};
    for (const [path, message] of Object.entries(fieldErrors(r.error))) errors[path.split(".")[0]!] ??= message;
    return { errors };
  };
}
