/** The validation and error texts, to the letter (docs/features/forms-and-leads.md). */
export const MSG = {
  required: "*This is a required field.",
  email: "invalid email address",
  alpha: "Please use alphabetical characters only.",
  postcode: "Invalid postcode. Please enter a 4-digit number.",
  phoneAU: "Invalid phone number. Must be an Australian number.",
  phoneAUMobile: "Must be an Australian mobile number.",
  phoneNZTooLong: "Invalid phone number. Too many characters.",
  phoneNZ: "Must be a New Zealand number.",
  phoneUS: "Must be a US number.",
  submitFailed: "An error occurred when submitting this form",
  unexpected: "An unexpected error occurred",
} as const;

/** Not in the spec: text with NUL/control characters or broken Unicode cannot be stored (docs/decisions/0008). */
export const INVALID_CHARACTERS_MESSAGE = "Please remove unsupported characters.";
/** Not in the spec: an enquiry for a form the site has switched off (fleet, careers, test drives, …). */
export const FORM_NOT_OFFERED = "This site does not take this kind of enquiry.";
/** Not in the spec: a number field given something that is not a whole number. */
export const NUMBER_MESSAGE = "Please enter a whole number.";

/** Not in the spec: US ZIP codes have 5 digits (docs/decisions/0007). */
export const ZIP_MESSAGE = "Invalid ZIP code. Please enter a 5-digit number.";

/** Not in the spec: a booking's date (a service, a test drive) from today, in the location's own time zone, to a year ahead. */
export const PAST_DATE_MESSAGE = "Please choose a date from today on.";
export const FAR_DATE_MESSAGE = "Please choose a date within a year.";
