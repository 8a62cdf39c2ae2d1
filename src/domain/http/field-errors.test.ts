import { describe, expect, test } from "vitest";
import { z } from "zod";
import { fieldErrors } from "./field-errors";

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error("expected a refusal");
  return fieldErrors(r.error, "body");
};

describe("field messages: a schema's own words kept, the validator's said plainly", () => {
  const car = z.strictObject({
    make: z.string(),
    year: z.number().int().min(1900).max(2100),
    car_type: z.enum(["new", "used", "demo"]),
    features: z.array(z.string().max(5)).max(2),
    email: z.email(),
    match: z.strictObject({ slug: z.string() }).optional(),
  });
  const good = { make: "Mazda", year: 2024, car_type: "used", features: [], email: "a@b.co" };

  test.each<[string, unknown, Record<string, string>]>([
    ["a field left out", { ...good, make: undefined }, { make: "This field is required." }],
    ["text where a number goes", { ...good, year: "2024" }, { year: "Enter a number." }],
    ["a number where text goes", { ...good, make: 7 }, { make: "Enter text." }],
    ["below the least", { ...good, year: 1800 }, { year: "At least 1900." }],
    ["above the most", { ...good, year: 3000 }, { year: "At most 2100." }],
    ["not one of the list", { ...good, car_type: "old" }, { car_type: "Choose one of: new, used, demo." }],
    ["too many items", { ...good, features: ["a", "b", "c"] }, { features: "At most 2 items." }],
    ["too long a text", { ...good, features: ["abcdefg"] }, { "features.0": "At most 5 characters." }],
    ["not an email", { ...good, email: "nope" }, { email: "This is not in the expected format." }],
    [
      "fields it does not know, each named",
      { ...good, colour: "red", Price: 1 },
      { colour: "Unknown field: check its name, or leave it out.", Price: "Unknown field: check its name, or leave it out." },
    ],
    [
      "one inside a part",
      { ...good, match: { slug: "x", colour: "red" } },
      { "match.colour": "Unknown field: check its name, or leave it out." },
    ],
    ["not an object at all", "hello", { body: "Enter a set of fields (an object)." }],
  ])("%s", (_, input, errors) => expect(errorsOf(car, input)).toEqual(errors));

  test.each([
    ["the spec's own words", z.string().regex(/^\d{4}$/, "Invalid postcode. Please enter a 4-digit number."), "x"],
    ["the spec's lower-case email message", z.string().email("invalid email address"), "x"],
    ["a custom refusal", z.string().refine(() => false, "Please choose a day when we are open."), "x"],
  ])("%s is kept as written", (_, schema, input) => {
    const message = (schema.safeParse(input) as { error: z.ZodError }).error.issues[0]!.message;
    expect(errorsOf(schema, input)).toEqual({ body: message });
  });
});
