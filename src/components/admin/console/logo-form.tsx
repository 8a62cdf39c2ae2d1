"use client";

import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { buttonVariants } from "@/components/ui/button";
import { SelectField } from "@/components/ui/text-field";
import { StatusLine } from "../status-line";
import { useSend } from "../use-send";

/** Upload the logo, the small logo or the banner. */
export function LogoForm({ siteId }: { siteId: number }) {
  const router = useRouter();
  const { state, errors, setErrors, setState } = useSend();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const file = form.get("logo");
    if (!(file instanceof File) || !file.size) {
      setErrors({ logo: "Choose a picture to upload" });
      setState({ kind: "error", message: "Choose a picture to upload." });
      return;
    }
    setState({ kind: "busy" });
    setErrors({});
    const res = await fetch(`/api/admin/platform/sites/${siteId}/logo`, { method: "POST", body: form }).catch(() => null);
    const body = (await res?.json().catch(() => null)) as { message?: string; error?: string; errors?: Record<string, string> } | null;
    if (!res?.ok) {
      setErrors(body?.errors ?? {});
      setState({ kind: "error", message: body?.error ?? "The upload failed. Check your connection and try again." });
      return;
    }
    setState({ kind: "done", message: body?.message ?? "Uploaded." });
    router.refresh();
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Logo" className="space-y-3" data-testid="logo-form">
      <StatusLine state={state} testId="logo" />
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField
          name="slot"
          label="Which picture"
          options={[
            ["url", "The logo"],
            ["thumb", "The small logo (phones)"],
            ["banner", "The home page banner"],
          ]}
          defaultValue="url"
          error={errors.slot}
        />
        <div>
          <label className="block text-sm font-semibold" htmlFor={`logo-file-${siteId}`}>
            Picture (PNG, JPEG, WebP or AVIF)
          </label>
          <input
            id={`logo-file-${siteId}`}
            name="logo"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/avif"
            className="mt-1 block min-h-11 w-full"
            aria-invalid={errors.logo ? true : undefined}
            aria-describedby={errors.logo ? `logo-error-${siteId}` : undefined}
          />
          {errors.logo && (
            <p id={`logo-error-${siteId}`} className="mt-1 text-sm font-semibold text-red-700">
              {errors.logo}
            </p>
          )}
        </div>
      </div>
      <button type="submit" className={buttonVariants({ size: "sm" })} disabled={state.kind === "busy"}>
        Upload
      </button>
    </form>
  );
}
