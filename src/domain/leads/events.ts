import type { FormKind } from "./forms";

/** SPEC §9 tracking event ids (no schema here: every page's script may import this). */
export const EVENT_IDS = { formSubmit: 22, careers: 51, favourite: 39 } as const;
export const formSubmitEventId = (kind: FormKind) => (kind === "careers" ? EVENT_IDS.careers : EVENT_IDS.formSubmit);
