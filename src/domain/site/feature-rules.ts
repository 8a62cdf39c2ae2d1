import { z } from "zod";
import { textLine } from "../text-schema";
import { DEFAULT_FEATURES, RULE_FIELDS, type FeatureRule } from "./features";
import type { SiteFeatureFlags } from "./types";

/*
 * Feature rules as the platform API and the console write them: a rule matches on site
 * id, slug, name, dealership group or manufacturer and sets flags. The same schema checks both. Pure.
 */

/** A pattern a rule may hold: short, and one that compiles. */
const pattern = textLine()
  .min(1, "Enter a pattern")
  .max(200, "A pattern is at most 200 characters")
  .refine((p) => {
    try {
      new RegExp(p);
      return true;
    } catch {
      return false;
    }
  }, "Not a valid pattern (a JavaScript regular expression)");

const value = z.union([textLine().trim().min(1).max(200), z.number().int().positive()]);
const MatcherSchema = z.union(
  [value, z.array(value).min(1, "List at least one value").max(100), z.strictObject({ pattern, flags: z.literal("i").optional() })],
  "Match a value, a list of values or { pattern, flags }",
);

const flagValue = (flag: keyof SiteFeatureFlags) => {
  if (flag === "chat_hidden_paths") return z.array(textLine().regex(/^\/[\w\-/]*$/, "A path such as /cars")).max(50, "At most 50 paths");
  if (flag === "fixed_dealership_slug")
    return textLine()
      .regex(/^[a-z0-9-]{1,100}$/, "A slug such as rv-sales")
      .nullable();
  return z.boolean(`${flag} is true or false`);
};

const SetSchema = z
  .record(textLine(), z.unknown())
  .superRefine((set, ctx) => {
    if (!Object.keys(set).length) ctx.addIssue({ code: "custom", message: "Set at least one flag" });
    for (const [k, v] of Object.entries(set)) {
      if (!Object.hasOwn(DEFAULT_FEATURES, k)) {
        ctx.addIssue({ code: "custom", path: [k], message: `Unknown flag "${k.slice(0, 60)}"` });
        continue;
      }
      const r = flagValue(k as keyof SiteFeatureFlags).safeParse(v);
      if (!r.success) ctx.addIssue({ code: "custom", path: [k], message: r.error.issues[0]!.message });
    }
  })
  .transform((s) => s as Partial<SiteFeatureFlags>);

/** POST /api/v1/feature_rules and the console's rule form. */
export const FeatureRuleSchema = z.strictObject({
  why: textLine("Say why the rule exists").trim().min(1, "Say why the rule exists").max(200, "At most 200 characters"),
  match: z
    .strictObject(
      Object.fromEntries(RULE_FIELDS.map((f) => [f, MatcherSchema.optional()])) as Record<
        (typeof RULE_FIELDS)[number],
        z.ZodOptional<typeof MatcherSchema>
      >,
    )
    .refine((m) => Object.values(m).some((v) => v !== undefined), "Match at least one of id, slug, name, group or manufacturer"),
  set: SetSchema,
  position: z.number().int().min(0).max(100_000).optional(),
});
export type FeatureRuleInput = z.infer<typeof FeatureRuleSchema>;

/** A stored rule (the platform's database), in the order rules apply. */
export type StoredFeatureRule = FeatureRule & { id: number; key: string | null; position: number };

/** A rule's match in words, for the console: "group is Parkside Motor Group; slug matches ^demo-". */
export function describeMatch(match: FeatureRule["match"]): string {
  const label: Record<string, string> = { id: "site id", slug: "slug", name: "name", group: "group", manufacturer: "manufacturer" };
  return Object.entries(match)
    .map(([k, m]) =>
      Array.isArray(m)
        ? `${label[k]} is one of ${m.join(", ")}`
        : typeof m === "object" && m !== null
          ? `${label[k]} matches /${m.pattern}/${m.flags ?? ""}`
          : `${label[k]} is ${m}`,
    )
    .join("; ");
}
