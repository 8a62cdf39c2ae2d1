import { EVENT_IDS } from "../analytics/events";
import type { FormKind } from "./forms";

export { EVENT_IDS };
/** A form submit is event 22, a careers application 51; a chat message (a lead too) is event 50. */
export const formSubmitEventId = (kind: FormKind) =>
  kind === "careers" ? EVENT_IDS.careers : kind === "chat" ? EVENT_IDS.chatMessage : EVENT_IDS.formSubmit;
