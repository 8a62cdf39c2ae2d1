import "server-only";
import { depositText, type ReservationView } from "@/domain/store/reservation";
import { holdEnds, reservationNumber } from "@/domain/store/checkout";
import { whenText } from "@/domain/leads/answers";
import { vehicleTitle } from "@/domain/stock/vehicle";
import { serverNow } from "@/server/base/clock";
import { catalogueChanged } from "@/server/cache";
import { getDb } from "@/server/db";
import { HttpError } from "@/server/http/api";
import { sendMail } from "@/server/mail/mailer";
import { writeAudit, type Actor } from "@/server/repositories/audit";
import { activeOrderOf, endReservation } from "@/server/repositories/orders";
import { getSiteById } from "@/server/repositories/sites";
import { getVehicleById } from "@/server/repositories/vehicles";

/** A car's reservation now, as the back-office shows it (its buyer's first name only), or null. */
export async function reservationOf(siteId: number, vehicleId: number, timeZone: string): Promise<ReservationView | null> {
  const order = await activeOrderOf(await getDb(), siteId, vehicleId, new Date(serverNow()));
  if (!order) return null;
  const until = holdEnds(order);
  return {
    number: reservationNumber(order.id),
    by: order.firstName,
    deposit: depositText(order.amountCents, order.currency),
    paid: order.status === "paid",
    until: until ? whenText(until, timeZone, { year: true }) : null,
  };
}

/**
 * The dealer ends a car's reservation: released (the car is free and on sale again; the buyer is told
 * by email that the deposit is refunded) or converted (the car is sold to its buyer). Audited; a 409
 * when nothing holds the car.
 */
export async function endCarReservation(siteId: number, vehicleId: number, how: "released" | "converted", by: Actor) {
  const db = await getDb();
  const order = await endReservation(db, siteId, vehicleId, how, new Date(serverNow()));
  if (!order) throw new HttpError(409, "This car is not reserved now.");
  const number = reservationNumber(order.id);
  await writeAudit(db, {
    siteId,
    by,
    action: `reservation.${how}`,
    entity: `reservation:${number}`,
    before: { status: "reserved" },
    after: { status: how },
  });
  catalogueChanged([siteId]);
  if (how === "released" && order.holderEmail) {
    const [site, car] = await Promise.all([getSiteById(db, siteId), getVehicleById(db, siteId, vehicleId)]);
    const what = car ? `the ${vehicleTitle(car)}` : "your car";
    await sendMail({
      to: order.holderEmail,
      from: { name: site?.name ?? "Your dealer" },
      subject: `Your reservation ${number} has been released`,
      text: [
        `Hi ${order.firstName},`,
        "",
        `${site?.name ?? "The dealer"} has released your reservation ${number} of ${what}. Your deposit of ${depositText(order.amountCents, order.currency)} will be refunded.`,
        ...(site?.phone ? ["", `Questions? Call us on ${site.phone}.`] : []),
      ].join("\n"),
    });
  }
  return { number, status: how };
}
