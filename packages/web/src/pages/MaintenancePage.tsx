/** Shown while the platform answers 503 (maintenance guard, spec §2). */
export function MaintenancePage() {
  return (
    <main className="container py-5 text-center">
      <h1 className="h3">We are improving Printloom</h1>
      <p className="text-body-secondary">
        The dashboard is under maintenance. Please try again in a few minutes.
      </p>
      <a href="/" className="btn btn-primary">
        Try again
      </a>
    </main>
  );
}
