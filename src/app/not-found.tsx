/** Shown for an unknown host (no site record) or a path outside every site. */
export default function NotFound() {
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 px-6 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-neutral-600">404</p>
      <h1 className="text-3xl font-bold">We couldn’t find that dealer website</h1>
      <p className="text-neutral-700">
        No dealership site is configured for this address. Check the address you typed, or contact the dealership directly.
      </p>
    </main>
  );
}
