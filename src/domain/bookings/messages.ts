/** What a shopper is told about a booking's time (the spec has no words for these). */
export const BOOKING_MSG = {
  taken: "Sorry, that time has just been booked. Please choose another time.",
  unknown: "That time is not one we offer. Please choose one of the times shown.",
  past: "Please choose a time that is still to come.",
  badStart: "Please give the time as an ISO 8601 date and time with its offset.",
  needsCar: "Please choose the car you would like to test drive.",
  needsWorkshop: "Please choose one of our service locations.",
  kind: "Please ask for service or test-drive slots.",
  date: "Please give the date as YYYY-MM-DD.",
  locationId: "Please give the service location's id.",
  vehicle: "Please give the car's stock number.",
} as const;
