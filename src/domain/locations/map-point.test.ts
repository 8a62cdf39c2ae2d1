import { describe, expect, test } from "vitest";
import { parseMapPoint } from "./map-point";

describe("parseMapPoint: the point in what the operator pastes from a map", () => {
  const frankston = { lat: -38.14, long: 145.12 };
  test.each([
    ["-38.14, 145.12", frankston],
    ["-38.14,145.12", frankston],
    ["  -38.14 145.12  ", frankston],
    ["(-38.14, 145.12)", frankston],
    ["-38.1412345678, 145.1234567891", { lat: -38.141235, long: 145.123457 }],
    ["https://www.google.com/maps/@-38.14,145.12,17z", frankston],
    ["https://www.google.com.au/maps/@-38.14,145.12,17z?entry=ttu", frankston],
    [
      "https://www.google.com/maps/place/Bayside+Auto/@-38.1,145.1,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x1!8m2!3d-38.14!4d145.12!16s",
      frankston,
    ],
    ["https://www.google.com/maps?q=-38.14,145.12", frankston],
    ["https://maps.google.com/?q=-38.14%2C145.12&z=17", frankston],
    ["https://www.google.com/maps/search/?api=1&query=-38.14,145.12", frankston],
    ["https://maps.google.com/?ll=-38.14,145.12&z=15", frankston],
    ["https://www.google.com/maps/dir/?api=1&destination=-38.14,145.12", frankston],
    ["https://www.openstreetmap.org/#map=17/-38.14/145.12", frankston],
    ["https://www.openstreetmap.org/?mlat=-38.14&mlon=145.12#map=17/-38.1/145.1", frankston],
    ["https://www.openstreetmap.org/?mlat=-38.14&mlon=145.12", frankston],
    ["https://www.openstreetmap.org/#map=12.5/-43.53/172.63&layers=N", { lat: -43.53, long: 172.63 }],
    ["33.45, -112.07", { lat: 33.45, long: -112.07 }],
  ] as const)("%s → %o", (pasted, expected) => expect(parseMapPoint(pasted)).toEqual(expected));

  test.each([
    [""],
    ["   "],
    ["Frankston"],
    ["-38.14"],
    ["-38.14, 145.12, 17"],
    ["-98.14, 145.12"], // beyond the pole
    ["-38.14, 190.12"],
    ["1e3, 2"],
    ["NaN, NaN"],
    ["0x10, 0x20"],
    ["-38.14; DROP TABLE locations"],
    ["https://maps.app.goo.gl/AbCdEf123"], // a share link carries no coordinates
    ["https://www.google.com/maps/place/Bayside+Auto"],
    ["https://www.google.com/maps?q=Frankston"],
    ["https://www.openstreetmap.org/#map=17/-38.14"],
    ["https://%zz/@-38.14,145.12,17z"],
    ["https://www.google.com/maps?q=%E0%A4%A-38.14,145.12"],
    ["javascript:alert(1)//-38.14,145.12"],
    ["ftp://maps.example/@-38.14,145.12,17z"],
    ["-38.14,\u0000145.12"],
    ["__proto__"],
    ["https://www.openstreetmap.org/?mlat=&mlon="],
    ["https://www.openstreetmap.org/?mlat=-38.14&mlon=east"],
    [`https://www.google.com/maps?q=${"9".repeat(3000)}`],
    ["https://www.google.com/maps?q=-38.14,145.12".padEnd(2100, "x")],
  ])("%j → no point", (pasted) => expect(parseMapPoint(pasted)).toBeNull());
});
