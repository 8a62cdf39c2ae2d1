import { z } from "zod";
import { isCleanText } from "./http/request";
import { INVALID_CHARACTERS_MESSAGE } from "./leads/messages";

/*
 * The one way a schema takes text from a person or a program. PostgreSQL text (and jsonb) cannot
 * hold NUL, so a NUL that reached the database was a 500; other C0 control characters are never
 * meant in a name, a label or an address either (a tab or a line break only in text that has lines).
 * Every string a record schema accepts starts here, so such a value is a 422 naming the field, with
 * the same words as the lead forms. Pure.
 */

type StringParams = Parameters<typeof z.string>[0];

/** A one-line string (a name, a label, a slug, an address): no control character at all. */
export const textLine = (params?: StringParams) => z.string(params).refine((v) => isCleanText(v, false), INVALID_CHARACTERS_MESSAGE);

/** Text with lines (a description, a note, a page's body): tabs and line breaks, no other control character. */
export const textBlock = (params?: StringParams) => z.string(params).refine((v) => isCleanText(v, true), INVALID_CHARACTERS_MESSAGE);
