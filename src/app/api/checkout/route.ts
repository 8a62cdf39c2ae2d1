import { checkoutRoute } from "@/server/store/checkout-service";

export const dynamic = "force-dynamic";

// POST /api/checkout — reserve a car online with a refundable deposit (see checkout-service.ts)
export const POST = checkoutRoute;
