"use client";

import "@/domain/zod-config";
import { z } from "zod";
import { readJson, writeJson } from "./storage";

/** SPEC §3 stored user details: name, last_name, email, phone, postcode — prefilled on the next form. */
const StoredUserDetailsSchema = z.object({
  name: z.string().max(100).optional(),
  last_name: z.string().max(100).optional(),
  email: z.string().max(254).optional(),
  phone: z.string().max(30).optional(),
  postcode: z.string().max(10).optional(),
});
export type StoredUserDetails = z.infer<typeof StoredUserDetailsSchema>;
const KEY = "user_details";

export function loadUserDetails(): StoredUserDetails {
  const r = StoredUserDetailsSchema.safeParse(readJson<unknown>(KEY, {}));
  return r.success ? r.data : {};
}

export function saveUserDetails(d: StoredUserDetails) {
  const r = StoredUserDetailsSchema.safeParse(d);
  if (r.success) writeJson(KEY, r.data);
}
