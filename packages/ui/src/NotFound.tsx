export function NotFound({ homeHref = '/library' }: { homeHref?: string }) {
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>Nothing lives at this address. It may have moved, or the link may be mistyped.</p>
      <a href={homeHref}>Go to the library</a>
    </section>
  );
}
