import { FIELD_OF, type ImportedField } from "./import-changes";

/*
 * "Edited here": the fields of a car a person changed in the back-office (by hand, in the editor or by a
 * bulk action on the stock list). A stock file or a dealer system's feed leaves such a field alone, so a
 * manager's price drop or sale is not undone by the next feed, until the dealer hands the field back to
 * the feed or an import is told to overwrite edited fields. Stored on the car (vehicles.edited_fields)
 * by these names: the vehicles table's fields as code names them, and "photos" for the car's photos
 * (a person replaced the feed's photos with their own). Pure.
 */

/** The fields a feed or stock file writes, as `edited_fields` names them. */
export const FEED_FIELDS = [...new Set(Object.values(FIELD_OF))] as readonly ImportedField[];
export type EditedField = ImportedField | "photos";
const KNOWN = new Set<string>([...FEED_FIELDS, "photos"]);

export const isEditedField = (name: string): name is EditedField => KNOWN.has(name);

/** `current` with `fields` added: known names only, each once, in a stable order. */
export function withEdited(current: readonly string[], fields: Iterable<string>): EditedField[] {
  const out = new Set([...current, ...fields].filter(isEditedField));
  return [...out].sort();
}

/** `current` without `fields` (handed back to the feed). */
export function withoutEdited(current: readonly string[], fields: Iterable<string>): EditedField[] {
  const drop = new Set(fields);
  return current.filter((f): f is EditedField => isEditedField(f) && !drop.has(f)).sort();
}
