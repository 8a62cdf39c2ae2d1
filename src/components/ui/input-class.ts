/*
 * A text box's look, shared by client forms and server-drawn ones. It lives outside the client
 * components' module: a server component that imports a value from a "use client" module gets a
 * reference to it, not the string, and would draw a broken class attribute.
 */
export const inputClass =
  "mt-1 block min-h-11 w-full rounded-md border border-neutral-400 bg-white px-3 text-base aria-[invalid=true]:border-red-700";
