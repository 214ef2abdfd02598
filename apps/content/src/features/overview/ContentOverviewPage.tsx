import { Link } from '@shoal/router';

export function ContentOverviewPage() {
  return (
    <section aria-labelledby="content-title">
      <h1 id="content-title">Add and manage content</h1>
      <p>Publish in your channels, follow libraries from other pods, or upload your own music.</p>
      <ul>
        <li>
          <Link to="/upload">Upload music</Link>
        </li>
      </ul>
    </section>
  );
}
