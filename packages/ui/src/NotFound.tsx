export interface NotFoundProps {
  homeHref?: string;
  /** The app's own translations; the en-US text stands in until every app passes them. */
  labels?: { title: string; body: string; home: string };
}

const EN_US = {
  title: 'Page not found',
  body: 'Nothing lives at this address. It may have moved, or the link may be mistyped.',
  home: 'Go to the library',
};

export function NotFound({ homeHref = '/library', labels = EN_US }: NotFoundProps) {
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">{labels.title}</h1>
      <p>{labels.body}</p>
      <a href={homeHref}>{labels.home}</a>
    </section>
  );
}
