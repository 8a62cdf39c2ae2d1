import { own } from "../own";

/*
 * Keyword search as a shopper types it: "cx5", "CX 5", "mazda cx5", "land cruiser",
 * "landcruiser", "merc". Both sides are reduced the same way — lower case, accents off, anything
 * that is not a letter or digit removed — here for the query and in the vehicles' generated
 * `search_key` / `search_words` columns (migration 0005) for the stock.
 */

/** The accented letters a make or model may carry, and their plain forms (the SQL side uses the same pair). */
export const ACCENTED = "àáâãäåāçćčèéêëēěìíîïīñńòóôõöøōřšśùúûüūůýÿžźż";
export const PLAIN = "aaaaaaaccceeeeeeiiiiinnooooooorssuuuuuuyyzzz";

/** Short names shoppers type for a make. */
const ALIASES: Record<string, string> = { vw: "volkswagen", chevy: "chevrolet", merc: "mercedes", benz: "mercedes", landie: "landrover" };

const plain = (s: string) =>
  [...s.toLowerCase()]
    .map((c) => {
      const i = ACCENTED.indexOf(c);
      return i >= 0 ? PLAIN[i]! : c;
    })
    .join("");

/** A text reduced to what search compares: lower case, no accents, letters and digits only. */
export const compactKey = (s: string) => plain(s).replace(/[^a-z0-9]+/g, "");

export type Keywords = {
  /** each word, compacted ("CX-5" → "cx5"); a vehicle matches when its key contains every one */
  tokens: string[];
  /** the whole query compacted ("CX 5" → "cx5", "land cruiser" → "landcruiser"); also a match */
  compact: string;
  /** the words as typed, plain, for typo matching (trigram word similarity) */
  words: string;
};

/** The keywords of a search box value (at most 5 words); null when there is nothing to search for. */
export function parseKeywords(q: string): Keywords | null {
  const raw = q
    .split(/[\s,;/+&]+/)
    .map(compactKey)
    .filter(Boolean)
    .slice(0, 5)
    .map((w) => own(ALIASES, w) ?? w);
  if (raw.length === 0) return null;
  return { tokens: raw, compact: raw.join(""), words: raw.join(" ") };
}
