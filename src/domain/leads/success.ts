import { slugify } from "../format/slug";

// Kept apart from lead.ts (its schemas are zod): the forms in the browser import this one alone.

/** `/success?category={slug}`; extra key/values follow; a car_type key replaces the category (docs/features/forms-and-leads.md). */
export function successUrl(category: string, extras: Array<[string, string]> = []): string {
  let slug = slugify(category);
  const params = new URLSearchParams();
  for (const [k, v] of extras) {
    if (k === "car_type") slug = v === "demo" ? "demo-vehicle-enquiry" : v === "used" ? "used-vehicle-enquiry" : "new-vehicle-enquiry";
    else params.append(k, v);
  }
  const rest = params.toString();
  return `/success?category=${slug}${rest ? `&${rest}` : ""}`;
}

/**
 * Where a sent form goes: its own category (the contact form's, the one the shopper chose), the car's
 * type when it is about a car. The same for the form sent by script and the form posted without it.
 */
export function formSuccessUrl(formCategory: string | null, chosen: string | undefined, carType?: string): string {
  return successUrl(formCategory ?? chosen ?? DEFAULT_SUCCESS_CATEGORY, carType ? [["car_type", carType]] : []);
}

const DEFAULT_SUCCESS_CATEGORY = "General Enquiry";
