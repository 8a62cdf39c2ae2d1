import { detailsRoutes } from "@/server/auth/account-api";

export const dynamic = "force-dynamic";

// PUT /api/account/details {name, last_name, phone, postcode}: the details that prefill the customer's forms
export const { PUT } = detailsRoutes;
