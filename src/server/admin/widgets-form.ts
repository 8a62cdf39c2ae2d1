import "server-only";
import { cookies } from "next/headers";
import { decodeWidgetFlash, WIDGET_FLAGS, WIDGET_FLASH_COOKIE, widgetFormValues, type WidgetsFormState } from "@/domain/site/integrations";
import type { SiteFeatureFlags, SiteIntegrations } from "@/domain/site/types";

/**
 * What the "Widgets and tracking" form shows: the stored ids, or — back from a refused post — what
 * was typed with the field messages (the cookie of that attempt, named in the page's `widgets` query).
 */
export async function widgetsFormState(
  siteId: number,
  integrations: SiteIntegrations,
  features: SiteFeatureFlags,
  widgetsParam: string | string[] | undefined,
): Promise<WidgetsFormState> {
  const param = typeof widgetsParam === "string" ? widgetsParam : undefined;
  const flash = param && param !== "saved" ? decodeWidgetFlash((await cookies()).get(WIDGET_FLASH_COOKIE)?.value, siteId, param) : null;
  return {
    values: { ...widgetFormValues(integrations), ...(flash?.values ?? {}) },
    errors: flash?.errors ?? {},
    saved: param === "saved",
    flagsOff: Object.values(WIDGET_FLAGS).filter((f) => !features[f]),
  };
}
