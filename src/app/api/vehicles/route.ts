import { cardContext, cardsNote, comparableCardView } from "@/domain/stock/card-view";
import { IDS_MESSAGE, parseVehicleIds } from "@/domain/stock/favourites";
import { requestNow } from "@/server/base/clock";
import { HttpError, json } from "@/server/http/api";
import { siteApi } from "@/server/site/api";
import { savedStock } from "@/server/stock/service";

export const dynamic = "force-dynamic";

// GET /api/vehicles?ids=12,34 — the site's cars with these ids as cards (the saved-vehicles page):
// 200 {vehicles: ComparableCard[], missing: number[], note: string | null} (missing: no longer offered; note: the repayments' terms); 422 {error, errors:{ids}}
export const GET = siteApi(async (req, ctx) => {
  const ids = parseVehicleIds(new URL(req.url).searchParams.get("ids"));
  if (!ids) throw new HttpError(422, "Please check the vehicle ids.", {}, { ids: IDS_MESSAGE });
  const now = requestNow();
  const found = await savedStock(ctx, ids, now);
  const card = cardContext(ctx, now);
  const byId = new Map(found.map((v) => [v.id, v]));
  const vehicles = ids.flatMap((id) => (byId.has(id) ? [comparableCardView(byId.get(id)!, card)] : []));
  return json(
    200,
    {
      vehicles,
      missing: ids.filter((id) => !byId.has(id)),
      // what the cards' repayment asterisk means, null when none shows one
      note: cardsNote(card, vehicles),
    },
    { "cache-control": "private, max-age=60" },
  );
});
