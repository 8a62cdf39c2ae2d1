/** What a schema's issue may carry besides its path and message (zod's issue fields). */
type Issue = {
  path: ReadonlyArray<PropertyKey>;
  message: string;
  code?: string;
  expected?: string;
  keys?: readonly string[];
  values?: readonly unknown[];
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  divisor?: number | bigint;
};

/** zod's own English messages (a schema that gives its own is left as it says): these read as the validator's, not ours. */
const VALIDATOR_WORDS =
  /^(Invalid input(:|$)|Invalid option:|Too big:|Too small:|Invalid string:|Invalid number:|Unrecognized keys?:|Invalid key in |Invalid value in |Invalid (email address|URL|UUID|ISO date|ISO datetime|ISO time|date)$)/;

const KIND: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "a set of fields (an object)",
  date: "a date",
};
const UNKNOWN_FIELD = "Unknown field: check its name, or leave it out.";

/** The sentence a person reads for an issue the schema gave no words of its own. */
function plainMessage(i: Issue): string {
  const many = i.origin === "array" || i.origin === "set" ? " items" : i.origin === "string" ? " characters" : "";
  switch (i.code) {
    case "invalid_type":
      // zod keeps no input on its issues unless asked: its own words say what it received
      return /received undefined$/.test(i.message)
        ? "This field is required."
        : `Enter ${KIND[i.expected ?? ""] ?? "a value of the right kind"}.`;
    case "invalid_value":
      return i.values?.length ? `Choose one of: ${i.values.map(String).join(", ")}.` : "This value is not one that is accepted.";
    case "too_big":
      return `At most ${String(i.maximum)}${many}.`;
    case "too_small":
      return `At least ${String(i.minimum)}${many}.`;
    case "not_multiple_of":
      return `Enter a multiple of ${String(i.divisor)}.`;
    case "invalid_format":
      return "This is not in the expected format.";
    case "unrecognized_keys":
      return UNKNOWN_FIELD;
    default:
      return "This value is not one that is accepted.";
  }
}

/**
 * A schema's issues as a form shows them: the first message per field, `{ field: message }` (a
 * whole-body issue under `whole`). A field the schema does not know is named by its own path; an issue
 * in the validator's own words is said plainly instead.
 */
export function fieldErrors(error: { issues: ReadonlyArray<Issue> }, whole = "lead"): Record<string, string> {
  const out = new Map<string, string>();
  const add = (path: ReadonlyArray<PropertyKey>, message: string) => {
    const key = path.map(String).join(".") || whole;
    if (!out.has(key)) out.set(key, message);
  };
  for (const issue of error.issues) {
    const message = VALIDATOR_WORDS.test(issue.message) ? plainMessage(issue) : issue.message;
    if (issue.code === "unrecognized_keys" && issue.keys?.length) for (const k of issue.keys) add([...issue.path, k], message);
    else add(issue.path, message);
  }
  return Object.fromEntries(out);
}
