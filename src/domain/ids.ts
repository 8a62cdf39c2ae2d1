/**
 * Record ids that travel in addresses and bodies (leads, orders, files, saved searches) are UUIDs.
 * Checking the shape before a lookup keeps junk out of the database's uuid columns (PostgreSQL would
 * answer a malformed one with an error, not a miss) and turns it into a plain "unknown" answer.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in either case (RFC 9562 reads upper and lower case alike). */
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID_PATTERN.test(value);

/**
 * True for a UUID as we write it ourselves: lower case. The back-office's own addresses only ever
 * carry this form, so any other spelling of an id there is not one of its pages.
 */
export const isCanonicalUuid = (value: unknown): value is string => isUuid(value) && value === value.toLowerCase();
