import { describe, expect, test } from "vitest";
import { leadDestinations } from "./lead-destinations";

const at = (name: string, email?: string, isPrimary = false) => ({ name, isPrimary, contactDetail: email ? { email } : {} });
const hook = { webhooks: [{ url: "https://crm.example.net/hook", secret: "0123456789abcdef0123" }] };

describe("leadDestinations: whether a site's leads reach anyone", () => {
  test.each([
    ["nothing at all (a new site: no email, no location)", { email: null, leadDelivery: {} }, [], /^Leads would reach nobody/],
    ["a location without an email, no site email", { email: null, leadDelivery: {} }, [at("Geelong")], /^Leads would reach nobody/],
    ["the site's email", { email: "sales@smith.com.au", leadDelivery: {} }, [], null],
    ["a location's email (its leads go there)", { email: null, leadDelivery: {} }, [at("Geelong", "g@smith.com.au")], null],
    ["an ADF address alone", { email: null, leadDelivery: { adf_emails: ["crm@smith.com.au"] } }, [], null],
    ["a webhook alone", { email: null, leadDelivery: hook }, [at("Geelong")], null],
    [
      "one location of two without an email (and no site email)",
      { email: null, leadDelivery: {} },
      [at("Geelong", "g@smith.com.au", true), at("Ballarat")],
      /^Leads for Ballarat would reach nobody/,
    ],
    [
      "two locations with emails, no primary and no site email: a lead naming neither",
      { email: null, leadDelivery: {} },
      [at("Geelong", "g@smith.com.au"), at("Ballarat", "b@smith.com.au")],
      /^A lead that names no location would reach nobody/,
    ],
    [
      "two locations with emails and a primary (a lead naming neither goes to the primary)",
      { email: null, leadDelivery: {} },
      [at("Geelong", "g@smith.com.au", true), at("Ballarat", "b@smith.com.au")],
      null,
    ],
    [
      "emails to locations switched off and nothing else",
      { email: "sales@smith.com.au", leadDelivery: { email_to_location: false } },
      [at("Geelong", "g@smith.com.au")],
      /^Leads would reach nobody/,
    ],
    ["a stored config that is not one", { email: null, leadDelivery: "junk" }, [], /^Leads would reach nobody/],
  ])("%s", (_, site, locations, problem) => {
    const r = leadDestinations(site, locations);
    if (problem === null) {
      expect(r.problem).toBeNull();
      expect(r.targets.length).toBeGreaterThan(0);
    } else expect(r.problem).toMatch(problem);
  });
});
