"use client";

import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { FeatureRuleSchema } from "@/domain/site/feature-rules";
import { buttonVariants } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/text-field";
import { StatusLine } from "../status-line";
import { useSend } from "../use-send";
import { given } from "./fields";

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
