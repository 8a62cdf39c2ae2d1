/**
 * NIST SP 800-63B: a new password is checked against passwords known from breaches. The machine
 * cannot reach a breach service, so this is a local check for the most common patterns of breached
 * passwords: a common word with digits or symbols stuck on, keyboard runs, counting runs and one
 * repeated character. (The length rules come from the form schema: 10 to 128 characters.)
 */
const COMMON_STEMS = new Set([
  "password",
  "passw0rd",
  "qwerty",
  "qwertyuiop",
  "asdfghjkl",
  "zxcvbnm",
  "1q2w3e4r5t",
  "1qaz2wsx",
  "iloveyou",
  "princess",
  "football",
  "baseball",
  "letmein",
  "welcome",
  "sunshine",
  "abc",
  "abcdefghij",
  "administrator",
  "admin",
  "changeme",
  "trustno",
  "monkey",
  "dragon",
  "superman",
  "starwars",
  "whatever",
  "australia",
  "melbourne",
  "sydney",
  "newzealand",
]);

export function isCommonPassword(password: string): boolean {
  const p = password.toLowerCase();
  if (/^(.)\1+$/.test(p)) return true; // aaaaaaaaaa
  if ("01234567890123456789".includes(p) || "98765432109876543210".includes(p)) return true; // counting runs
  const stem = p.replace(/[\d\W_]+$/, "");
  return stem === "" || COMMON_STEMS.has(stem) || COMMON_STEMS.has(p);
}
