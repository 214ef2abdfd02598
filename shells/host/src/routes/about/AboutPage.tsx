import { Link } from '@shoal/router';
import { ta } from './about-i18n';
import { PodInfoStatus } from './PodInfoStatus';
import { PodText } from './PodText';

/** `/about`: what this pod is, in its admins' words, with a way to its rules and statistics. */
export default function AboutPage() {
  return (
    <PodInfoStatus>
      {(info) => (
        <article aria-labelledby="about-title">
          <h1 id="about-title">{ta('about.title', { name: info.name || ta('about.podTitle') })}</h1>
          {info.shortDescription && <p className="host-lead">{info.shortDescription}</p>}
          <h2>{ta('about.description')}</h2>
          <PodText source={info.longDescription} empty={ta('about.noDescription')} />
          <p>
            <Link to="/about/pod">{ta('about.more')}</Link>
          </p>
        </article>
      )}
    </PodInfoStatus>
  );
}
