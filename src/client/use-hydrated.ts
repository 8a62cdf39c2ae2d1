import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False in the server's HTML and until the page's script has run (hydrated); true from then on. */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
