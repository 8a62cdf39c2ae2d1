import { zodResolver } from "@hookform/resolvers/zod";
import { leadFormSchema, type LeadFormInput, type LeadFormValues } from "@/domain/leads/form-schema";
import type { FormDef, FormRules } from "@/domain/leads/forms";
import type { Resolver } from "react-hook-form";

/** The form's one zod schema (the server checks the same) as react-hook-form's resolver. Loaded on demand: lazyLeadResolver. */
export const leadResolver = (form: FormDef, rules: FormRules): Resolver<LeadFormInput, unknown, LeadFormValues> =>
  zodResolver(leadFormSchema(form, rules));
