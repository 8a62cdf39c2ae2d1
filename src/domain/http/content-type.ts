/**
 * A request's Content-Type, as the API handlers read it: the media type alone, lower-cased, without
 * its parameters (`application/json; charset=utf-8` is `application/json`). Each handler accepts an
 * exact list of types and answers 415 for anything else.
 */
export function mediaTypeOf(header: string | null | undefined): string {
  return (header ?? "").split(";")[0]!.trim().toLowerCase();
}

/** True when the header names one of these media types (give them in lower case). */
export function isMediaType(header: string | null | undefined, ...types: readonly string[]): boolean {
  return types.includes(mediaTypeOf(header));
}
