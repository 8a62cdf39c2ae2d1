import { cardContext, comparableCardView } from "@/domain/stock/card-view";
import { IDS_MESSAGE, parseVehicleIds } from "@/domain/stock/favourites";
import { requestNow } from "@/server/clock";
import { HttpError, json, siteApi } from "@/server/http/api";
import { savedStock } from "@/server/stock-service";

export const dynamic = "force-dynamic";

// GET /api/vehicles?ids=12,34 — the site's cars with these ids as cards (the saved-vehicles page):
// 200 {vehicles: ComparableCard[], missing: number[]} (missing: no longer offered); 422 {error, errors:{ids}}
export const GET = siteApi(async (req, ctx) => {
  const ids = parseVehicleIds(new URL(req.url).searchParams.get("ids"));
  if (!ids) throw new HttpError(422, "Please check the vehicle ids.", {}, { ids: IDS_MESSAGE });
  const now = requestNow();
  const found = await savedStock(ctx, ids, now);
  const card = cardContext(ctx, now);
  const byId = new Map(found.map((v) => [v.id, v]));
  return json(
    200,
    {
      vehicles: ids.flatMap((id) => (byId.has(id) ? [comparableCardView(byId.get(id)!, card)] : [])),
      missing: ids.filter((id) => !byId.has(id)),
    },
    { "cache-control": "private, max-age=60" },
  );
});
