/**
 * A name's possessive as an English reader expects it: "Parkside Motor Group's", and "Audit Motors'"
 * for a name that already ends in s (never "Motors's"). Every sentence that gives a name an 's goes
 * through here, so a dealer called "… Motors" reads right everywhere. `apostrophe` is the mark the
 * sentence already uses (a typographic ’ on the pages that have one). Pure.
 */
export function possessive(name: string, apostrophe: "'" | "’" = "'"): string {
  const bare = name.trimEnd();
  return /s$/i.test(bare) ? `${bare}${apostrophe}` : `${bare}${apostrophe}s`;
}
