/** What a booking's page shows: what, when and where in words, and whether it can still be cancelled. */
export type BookingPageData = {
  token: string;
  kind: "service" | "test-drive";
  what: string;
  when: string;
  where: { name: string; address: string | null; phone: string | null } | null;
  status: "booked" | "cancelled" | "past";
  /** where to book another time */
  again: string;
};

/** What a booking is, in words: "Test drive: 2021 Mazda CX-5 Maxx" or "Service booking". */
export const bookingWhat = (kind: string, car: string | null) =>
  kind === "test-drive" ? `Test drive${car ? `: ${car}` : ""}` : "Service booking";
