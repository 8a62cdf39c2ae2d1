/** Escapes text for HTML/XML markup (element content and quoted attribute values). */
export function escapeMarkup(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * An address for a quoted attribute: escaped, except each `&` that starts a query parameter
 * (`&name=`), which HTML never reads as a character reference inside an attribute (a named
 * reference followed by `=` is left as written), so `?w=640&auto=format` costs no `&#38;`.
 */
export function attrUrl(value: string): string {
  return escapeMarkup(value).replace(/&#38;(?=[A-Za-z_][A-Za-z0-9_]{0,30}=)/g, "&");
}
