/** A car on the lead page: small photo, title, price and stock number, linking to its page on the website. */
export type LeadCar = { id: number; title: string; price: string; stock: string; href: string; photo: string | null };

export function LeadCarCard({ car, testId }: { car: LeadCar; testId?: string }) {
  return (
    <a
      href={car.href}
      target="_blank"
      rel="noopener"
      className="flex items-center gap-3 rounded-lg border border-neutral-200 bg-white p-2 hover:bg-neutral-50"
      data-testid={testId}
    >
      {car.photo ? (
        // eslint-disable-next-line @next/next/no-img-element -- the image service's small size, written by the server
        <img src={car.photo} alt="" width={96} height={72} loading="lazy" className="h-18 w-24 shrink-0 rounded object-cover" />
      ) : (
        <span aria-hidden className="h-18 w-24 shrink-0 rounded bg-neutral-100" />
      )}
      <span className="min-w-0">
        <span className="block font-bold underline">{car.title}</span>
        <span className="block font-semibold">{car.price}</span>
        <span className="block text-sm text-neutral-700">Stock {car.stock}</span>
      </span>
    </a>
  );
}
