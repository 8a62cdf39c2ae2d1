// unauthorized(), which nothing calls: every page's payload carries this boundary (see forbidden.tsx)
export default function Unauthorized() {
  return (
    <main id="main" className="p-6">
      <h1>401: You&apos;re not authorized to access this page.</h1>
    </main>
  );
}
