import { describe, expect, test } from "vitest";
import { dealerState, stateOfPostcode, zoneOfLocations, zoneOfPlace, zoneProblem } from "./region";
import type { Country } from "./types";

const at = (state: string, postcode = "", extra: { isPrimary?: boolean; visible?: boolean } = {}) => ({
  ...extra,
  address: { state, postcode },
});

describe("a place's time zone", () => {
  test.each<[string, Country, string, string, string | null]>([
    ["Capalaba, QLD", "AU", "QLD", "4157", "Australia/Brisbane"],
    ["Midland, WA", "AU", "WA", "6056", "Australia/Perth"],
    ["Parramatta, NSW", "AU", "NSW", "2150", "Australia/Sydney"],
    ["Canberra, ACT", "AU", "ACT", "2600", "Australia/Sydney"],
    ["Box Hill, VIC", "AU", "VIC", "3128", "Australia/Melbourne"],
    ["Hobart, TAS", "AU", "TAS", "7000", "Australia/Hobart"],
    ["Adelaide, SA", "AU", "SA", "5000", "Australia/Adelaide"],
    ["Darwin, NT", "AU", "NT", "0800", "Australia/Darwin"],
    ["a state written out", "AU", "Western Australia", "", "Australia/Perth"],
    ["a state in lower case", "AU", "qld", "", "Australia/Brisbane"],
    ["no state: the postcode tells", "AU", "", "6056", "Australia/Perth"],
    ["a state and a postcode disagreeing: the state wins", "AU", "QLD", "3000", "Australia/Brisbane"],
    ["nothing tells", "AU", "", "", null],
    ["New Zealand", "NZ", "Canterbury", "8011", "Pacific/Auckland"],
    ["the US: the address does not tell", "US", "AZ", "85001", null],
  ])("%s", (_, country, state, postcode, zone) => expect(zoneOfPlace(country, { state, postcode })).toBe(zone));

  test.each([
    ["4157", "QLD"],
    ["0800", "NT"],
    ["800", "NT"],
    ["2600", "ACT"],
    ["2650", "NSW"],
    ["6999", "WA"],
    ["12345", null],
    ["abcd", null],
    ["", null],
  ])("postcode %s is in %s", (postcode, state) => expect(stateOfPostcode(postcode)).toBe(state));
});

describe("the dealer's own state and zone", () => {
  test.each<[string, Country, ReturnType<typeof at>[], string | null]>([
    ["the first location's state", "AU", [at("Victoria"), at("NSW")], "VIC"],
    ["the first that is a state", "AU", [at(""), at("QLD")], "QLD"],
    ["the primary's, wherever it is listed", "AU", [at("NSW"), at("WA", "", { isPrimary: true })], "WA"],
    ["a shown location's before a hidden one's", "AU", [at("TAS", "", { visible: false }), at("SA")], "SA"],
    ["the postcode's where no state is written", "AU", [at("", "6056")], "WA"],
    ["none in New Zealand", "NZ", [at("Canterbury")], null],
    ["none without locations", "AU", [], null],
  ])("%s", (_, country, locations, state) => expect(dealerState(country, locations)).toBe(state));

  test("a site's zone from its locations: the primary's", () => {
    expect(zoneOfLocations("AU", [at("VIC"), at("WA", "6056", { isPrimary: true })])).toBe("Australia/Perth");
    expect(zoneOfLocations("AU", [])).toBeNull();
    expect(zoneOfLocations("US", [at("AZ")])).toBeNull();
  });
});

describe("a site whose zone disagrees with its locations", () => {
  test.each<[string, Country, string, ReturnType<typeof at>[], RegExp | null]>([
    ["a WA dealer on Melbourne time", "AU", "Australia/Melbourne", [at("WA", "6056")], /in WA: set the time zone to Australia\/Perth/],
    ["a QLD dealer on Melbourne time", "AU", "Australia/Melbourne", [at("QLD", "4157")], /Australia\/Brisbane/],
    ["a VIC dealer on Melbourne time", "AU", "Australia/Melbourne", [at("VIC")], null],
    ["a dealer in two states, counted in one of them", "AU", "Australia/Sydney", [at("VIC"), at("NSW")], null],
    ["no locations yet", "AU", "Australia/Melbourne", [], null],
    ["New Zealand on Sydney time", "NZ", "Australia/Sydney", [at("Auckland")], /New Zealand: set the time zone to Pacific\/Auckland/],
    ["the US, where the address tells no zone", "US", "America/Phoenix", [at("AZ")], null],
  ])("%s", (_, country, timezone, locations, problem) => {
    const p = zoneProblem({ country, timezone }, locations);
    if (problem) expect(p).toMatch(problem);
    else expect(p).toBeNull();
  });
});
