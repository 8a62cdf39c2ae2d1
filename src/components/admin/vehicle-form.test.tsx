// @vitest-environment happy-dom
import { renderToString } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";
import { formValuesOf } from "@/domain/stock/vehicle-form";
import { VehicleForm, type VehicleFormProps } from "./vehicle-form";

/*
 * The stock editor's server HTML: the price type, body, fuel, transmission and drive are chosen from
 * lists (a value a feed gave that is not on the list stays on offer, so saving does not lose it), and
 * every number field brings up a number keypad.
 */
vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), refresh: vi.fn() }) }));

const props = (car: Record<string, unknown>): VehicleFormProps => ({
  siteId: 1001,
  vehicleId: 7,
  thisYear: 2026,
  values: formValuesOf({ stockNumber: "PMG1", make: "Mazda", model: "CX-5", year: 2024, carType: "used", ...car }),
  errors: {},
  notice: { kind: "idle" },
  locations: [{ id: 10012, name: "Parkside Mazda" }],
  edited: {},
  lookup: false,
  regoState: "vic",
  from: null,
});
const html = (car: Record<string, unknown> = {}) => {
  const div = document.createElement("div");
  div.innerHTML = renderToString(<VehicleForm {...props(car)} />);
  return div;
};
const optionsOf = (div: HTMLElement, name: string) => {
  const select = div.querySelector(`select[name="${name}"]`);
  expect(select, name).not.toBeNull();
  return [...select!.querySelectorAll("option")].map((o) => o.getAttribute("value"));
};
const chosen = (div: HTMLElement, name: string) =>
  div.querySelector(`select[name="${name}"] option[selected]`)?.getAttribute("value") ??
  (div.querySelector(`select[name="${name}"]`) as HTMLSelectElement).value;

describe("the stock editor's fields", () => {
  test("the price type is one of the list (or not said)", () => {
    const div = html({ priceType: "Excl. Govt. Charges" });
    expect(optionsOf(div, "price_type")).toEqual(["", "Drive Away", "Excl. Govt. Charges"]);
    expect(chosen(div, "price_type")).toBe("Excl. Govt. Charges");
  });

  test.each([
    ["body_type", "bodyType", "SUV", ["hatch", "sedan", "SUV", "utility"]],
    ["fuel", "fuel", "Diesel", ["Petrol", "Diesel", "Hybrid", "Electric"]],
    ["transmission", "transmission", "Manual", ["Automatic", "Manual"]],
    ["drive", "drive", "AWD", ["FWD", "RWD", "AWD", "4WD"]],
  ])("%s is chosen from a list", (name, column, value, some) => {
    const div = html({ [column]: value });
    const options = optionsOf(div, name);
    expect(options[0]).toBe("");
    for (const o of some) expect(options).toContain(o);
    expect(chosen(div, name)).toBe(value);
  });

  test("a value a feed gave that is not on the list stays on offer, chosen", () => {
    const div = html({ fuel: "Hydrogen" });
    expect(optionsOf(div, "fuel")).toContain("Hydrogen");
    expect(chosen(div, "fuel")).toBe("Hydrogen");
  });

  test.each(["year", "price", "subscription_weekly", "odometer", "seats", "doors"])("%s brings up a number keypad", (name) => {
    expect(html().querySelector(`input[name="${name}"]`)!.getAttribute("inputmode")).toBe("numeric");
  });
});

test("the rego lookup starts on the dealer's own state (a Perth dealer: WA)", () => {
  const div = document.createElement("div");
  div.innerHTML = renderToString(<VehicleForm {...props({})} vehicleId={null} lookup regoState="wa" />);
  expect(div.querySelector<HTMLOptionElement>('select[name="rego_state"] option[selected]')?.value).toBe("wa");
});
