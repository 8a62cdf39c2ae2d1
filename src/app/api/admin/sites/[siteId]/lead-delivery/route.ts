import { putLeadDelivery } from "@/server/admin/admin-api";

export const dynamic = "force-dynamic";
export const PUT = putLeadDelivery;
