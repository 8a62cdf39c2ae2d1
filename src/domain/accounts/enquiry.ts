/** A signed-in customer's enquiry as the garage lists it: what it was, the car it was about, and when. */
export type CustomerEnquiry = {
  id: string;
  category: string;
  subcategory: string | null;
  createdAt: Date;
  vehicle: { year: number | null; make: string; model: string; slug: string } | null;
};
