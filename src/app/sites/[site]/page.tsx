import { HomeView } from "@/components/home/home-page";
import { loadHome } from "./_routes/home";
import type { SiteParams } from "./_routes/site";

// GET / — the dealer's home page: hero, new arrivals and featured stock, stock summary, brands, locations, reviews
export default async function HomePage({ params }: { params: SiteParams }) {
  return <HomeView {...await loadHome(params)} />;
}
