// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { expect, test, vi } from "vitest";
import { StaffSignInForm } from "./auth-forms";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: () => undefined, refresh: () => undefined }) }));
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

test("sign-in: the button waits while the post is on its way, and is offered again when the browser brings the page back from its cache", async () => {
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(<StaffSignInForm email="" errors={{}} />));
  const form = host.querySelector("form")!;
  const button = host.querySelector("button[type=submit]") as HTMLButtonElement;
  (form.elements.namedItem("email") as HTMLInputElement).value = "manager@parksidemotorgroup.com.au";
  (form.elements.namedItem("password") as HTMLInputElement).value = "demo-staff-2026";
  await act(async () => {
    form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
  expect(button.disabled).toBe(true);
  expect(button.textContent).toBe("Signing in…");
  // a page shown again from the back-forward cache (Back after signing in)
  await act(async () => {
    window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
  });
  expect(button.disabled).toBe(false);
  expect(button.textContent).toBe("Sign in");
  await act(async () => root.unmount());
});
