/*
 * forbidden() outside the back-office (which has its own; nothing else calls it). With
 * authInterrupts on, every page's payload carries the root's 403 and 401 boundaries: Next's
 * defaults are about 1.2 KB each there, this a line.
 */
export default function Forbidden() {
  return (
    <main id="main" className="p-6">
      <h1>403: This page could not be accessed.</h1>
    </main>
  );
}
