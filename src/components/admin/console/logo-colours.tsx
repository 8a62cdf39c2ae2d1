"use client";

import { useRouter } from "next/navigation";
import { buttonVariants } from "@/components/ui/button";
import { brandColoursFrom, contrastText, GRAPHIC_CONTRAST } from "@/domain/site/colour";
import { logoOnHeader } from "@/domain/site/logo";
import { storedImageSrc } from "@/domain/format/image";
import type { LogoPlate, SiteColours, SiteLogo } from "@/domain/site/types";
import { StatusLine } from "../status-line";
import { useSend } from "../use-send";

const PLATE_WORD: Record<LogoPlate, string> = { light: "a light plate", dark: "a dark plate" };
const PLATE_CLASS: Record<LogoPlate, string> = { light: "bg-white", dark: "bg-neutral-900" };
const ratioText = (r: number) => `${r.toFixed(1)}:1`;

/** The header as the storefront draws it: the site's colour, the logo on its plate if it has one. */
function HeaderSample({ src, colour, plate, label }: { src: string; colour: string; plate: LogoPlate | null; label: string }) {
  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-md p-3"
      style={{ background: colour, color: contrastText(colour) }}
      role="img"
      aria-label={label}
    >
      <span className={plate ? `${PLATE_CLASS[plate]} inline-block rounded-md px-2 py-1` : "inline-block"}>
        {/* eslint-disable-next-line @next/next/no-img-element -- the operator's own upload, shown small */}
        <img src={src} alt="" className="h-10 w-auto" />
      </span>
      <span className="text-sm font-semibold">Text on the header</span>
    </div>
  );
}

/**
 * The logo's colours, from what the upload measured (see docs/features/onboarding.md, the logo step):
 * whether the logo reads on the header (3:1 for a graphic), a plate behind it when it does not, and
 * the logo's own colours offered as the site's brand colours, with one click to take them. Nothing
 * changes until the operator chooses.
 */
export function LogoColours({ siteId, logo, colours }: { siteId: number; logo: SiteLogo; colours: SiteColours }) {
  const router = useRouter();
  const { state, send, setState } = useSend();
  const src = storedImageSrc(logo.url) ?? storedImageSrc(logo.thumb);
  if (!src) return null;
  const now = logoOnHeader(logo, colours.primary);
  const offer = brandColoursFrom(logo.palette ?? []);
  const fresh = offer && (offer.primary !== colours.primary || offer.secondary !== colours.secondary) ? offer : null;
  // on the offered colour the logo may not read (a one-colour logo on its own colour): the offer then brings the plate
  const onOffer = fresh ? logoOnHeader({ ...logo, plate: null }, fresh.primary) : null;
  const offerPlate = onOffer && !onOffer.reads && !onOffer.unknown ? onOffer.plate : null;
  const save = async (patch: { colours?: SiteColours; plate?: LogoPlate | null }, message: string) => {
    const json = {
      ...(patch.colours ? { colours: patch.colours } : {}),
      ...(patch.plate !== undefined ? { logo: { ...logo, plate: patch.plate } } : {}),
    };
    if (!(await send(`/api/admin/platform/sites/${siteId}`, { method: "PUT", json }))) return;
    // the site's PUT answers "Saved."; say what changed
    setState({ kind: "done", message });
    router.refresh();
  };
  const busy = state.kind === "busy";
  return (
    <div className="mb-5 space-y-3" data-testid="logo-colours">
      <StatusLine state={state} testId="logo-colours" />
      <HeaderSample src={src} colour={colours.primary} plate={logo.plate ?? null} label="The header as the site shows it now" />
      {now.reads ? (
        <p className="text-sm text-green-800" data-testid="logo-reads">
          {logo.plate
            ? `The logo sits on ${PLATE_WORD[logo.plate]} and reads on the header.`
            : now.ratio === null
              ? "The logo carries its own background: it reads on the header."
              : `The logo reads on the header (contrast ${ratioText(now.ratio)}; a logo needs ${GRAPHIC_CONTRAST}:1).`}
        </p>
      ) : (
        <p
          role="alert"
          className="rounded-md border border-amber-600 bg-amber-50 p-3 text-sm font-semibold text-amber-900"
          data-testid="logo-faint"
        >
          {now.unknown
            ? "This logo's colours have not been measured (it was set before logos were measured, or given as an address): upload it here again, or put it on a plate."
            : `The logo is hard to see on the header: contrast ${ratioText(now.ratio ?? 1)}, and a logo needs ${GRAPHIC_CONTRAST}:1. Put it on ${PLATE_WORD[now.plate]}, or choose other colours.`}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {logo.plate ? (
          <button
            type="button"
            className={buttonVariants({ variant: "outline", size: "sm" })}
            disabled={busy}
            onClick={() => save({ plate: null }, "The plate is removed.")}
          >
            Remove the plate
          </button>
        ) : (
          !now.reads && (
            <button
              type="button"
              className={buttonVariants({ size: "sm" })}
              disabled={busy}
              onClick={() => save({ plate: now.plate }, `The logo is on ${PLATE_WORD[now.plate]}.`)}
            >
              Put the logo on {PLATE_WORD[now.plate]}
            </button>
          )
        )}
      </div>
      {fresh && (
        <div className="rounded-md border border-neutral-200 p-3" data-testid="colour-offer">
          <p className="mb-2 text-sm font-semibold">The logo&apos;s colours, offered as the site&apos;s brand colours:</p>
          <div className="mb-3 flex flex-wrap items-center gap-3 text-sm">
            {(
              [
                ["Brand colour (header)", fresh.primary],
                ["Accent colour (buttons)", fresh.secondary],
              ] as const
            ).map(([what, c]) => (
              <span key={what} className="inline-flex items-center gap-2">
                <span className="inline-block size-6 rounded border border-neutral-300" style={{ background: c }} aria-hidden />
                {what}: <code>{c}</code>
              </span>
            ))}
          </div>
          <HeaderSample
            src={src}
            colour={fresh.primary}
            plate={offerPlate ?? logo.plate ?? null}
            label="The header in the offered colours"
          />
          {offerPlate && (
            <p className="mt-2 text-sm">The logo would not read on its own colour: it goes on {PLATE_WORD[offerPlate]} with them.</p>
          )}
          <button
            type="button"
            className={`${buttonVariants({ size: "sm" })} mt-3`}
            disabled={busy}
            onClick={() => save({ colours: fresh, ...(offerPlate ? { plate: offerPlate } : {}) }, "The site now wears the logo's colours.")}
          >
            Use these colours
          </button>
        </div>
      )}
    </div>
  );
}
