export function HomePage() {
  return (
    <main className="page home-page">
      <h1>Discover Amazing Events</h1>
    </main>
  );
}
