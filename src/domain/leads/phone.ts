import { MSG } from "./messages";

export type PhoneMarket = "AU" | "AU_MOBILE" | "NZ" | "US";

/**
 * One test number is always accepted. This one, in any market, so that monitoring and
 * staff can submit real forms without a real number.
 */
export const TEST_PHONE_NUMBER = "0000 000 000";

const compact = (v: string) => v.replace(/[\s\-().]/g, "");

const AU_MOBILE = /^(?:04\d{8}|\+?614\d{8})$/;
const AU_LANDLINE = /^(?:0[2378]\d{8}|\+?61[2378]\d{8})$/;
const NZ = /^(?:0[2-9]\d{6,9}|\+?64[2-9]\d{6,9})$/;
const US = /^(?:\+?1)?[2-9]\d{2}[2-9]\d{6}$/;

/** The error message for a phone number in a market, or null when it is valid. */
export function phoneError(value: string, market: PhoneMarket): string | null {
  if (compact(value) === compact(TEST_PHONE_NUMBER)) return null;
  const v = compact(value);
  switch (market) {
    case "AU":
      return AU_MOBILE.test(v) || AU_LANDLINE.test(v) ? null : MSG.phoneAU;
    case "AU_MOBILE":
      return AU_MOBILE.test(v) ? null : MSG.phoneAUMobile;
    case "NZ":
      // fewer than 15 characters, counted without the spaces and dashes people type (+64 21 123 4567 is fine)
      if (v.length >= 15) return MSG.phoneNZTooLong;
      return NZ.test(v) ? null : MSG.phoneNZ;
    case "US":
      return US.test(v) ? null : MSG.phoneUS;
  }
}

/** The Australian masked format is 10 digits ("0412 345 678", "03 9870 1000"). */
export function maskPhone(value: string, market: PhoneMarket): string {
  if (market !== "AU" && market !== "AU_MOBILE") return value;
  if (value.trim().startsWith("+")) return value.replace(/[^\d+\s]/g, "").slice(0, 16);
  const d = value.replace(/\D/g, "").slice(0, 10);
  if (d.startsWith("04")) return [d.slice(0, 4), d.slice(4, 7), d.slice(7)].filter(Boolean).join(" ");
  return [d.slice(0, 2), d.slice(2, 6), d.slice(6)].filter(Boolean).join(" ");
}

export const phoneMarket = (country: string, mobileOnly = false): PhoneMarket =>
  country === "NZ" ? "NZ" : country === "US" ? "US" : mobileOnly ? "AU_MOBILE" : "AU";
