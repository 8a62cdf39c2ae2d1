/** Escapes text for HTML/XML markup (element content and quoted attribute values). */
export function escapeMarkup(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
