/** Stands in for a page whose issue has not landed yet, so every route of the table already resolves. */
export function PlaceholderPage({ name }: { name: string }) {
  return (
    <main className="page placeholder-page">
      <h1>{name}</h1>
      <p>This page is coming soon.</p>
    </main>
  );
}
