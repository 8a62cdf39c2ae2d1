import "server-only";
import { isUuid } from "@/domain/ids";
import { sharedAuthSecret } from "@/server/auth/auth";
import type { Db } from "@/server/db/client";
import { signToken, tokenMacValid } from "@/server/base/signed-tokens";

/*
 * The link in a booking's confirmation: `/booking/{id}.{mac}`. Whoever holds it may see, move or
 * cancel that one booking (as a shopper expects of the link in their email); it names nothing
 * personal, and a guessed or altered one is no booking.
 */
export async function bookingPath(db: Db, bookingId: string): Promise<string> {
  return `/booking/${signToken(await sharedAuthSecret(db), "booking", bookingId)}`;
}

/** The booking id a token is good for, or null. */
export async function bookingIdOf(db: Db, token: string): Promise<string | null> {
  const dot = token.lastIndexOf(".");
  if (dot < 0 || token.length > 200) return null;
  const [id, mac] = [token.slice(0, dot), token.slice(dot + 1)];
  if (!isUuid(id)) return null;
  return tokenMacValid(await sharedAuthSecret(db), "booking", id, mac) ? id : null;
}
