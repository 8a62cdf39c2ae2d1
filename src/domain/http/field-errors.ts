/** A schema's issues as a form shows them: the first message per field, `{ field: message }` (a whole-body issue under `whole`). */
export function fieldErrors(
  error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> },
  whole = "lead",
): Record<string, string> {
  const out = new Map<string, string>();
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || whole;
    if (!out.has(key)) out.set(key, issue.message);
  }
  return Object.fromEntries(out);
}
