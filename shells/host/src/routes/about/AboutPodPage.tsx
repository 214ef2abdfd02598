import { Link } from '@shoal/router';
import { formatSize } from '@shoal/text';
import { ta } from './about-i18n';
import { PodInfoStatus } from './PodInfoStatus';
import { PodText } from './PodText';

const number = (value: number | null) => (value === null ? '—' : value.toLocaleString());

/** `/about/pod`: rules, terms, contact, features and statistics of this pod. */
export default function AboutPodPage() {
  return (
    <PodInfoStatus>
      {(info) => (
        <article aria-labelledby="about-pod-title">
          <h1 id="about-pod-title">{ta('about.podTitle')}</h1>
          <p>
            <Link to="/about">{ta('about.back')}</Link>
          </p>
          <h2>{ta('about.rules')}</h2>
          <PodText source={info.rules} empty={ta('about.noRules')} />
          <h2>{ta('about.terms')}</h2>
          <PodText source={info.terms} empty={ta('about.noTerms')} />
          <h2>{ta('about.contact')}</h2>
          {info.contactEmail ? (
            <p>
              <a href={`mailto:${info.contactEmail}`}>{info.contactEmail}</a>
            </p>
          ) : (
            <p className="host-muted">{ta('about.noContact')}</p>
          )}
          <table className="host-facts">
            <caption>{ta('about.statistics')}</caption>
            <tbody>
              <tr>
                <th scope="row">{ta('about.artists')}</th>
                <td>{number(info.artists)}</td>
              </tr>
              <tr>
                <th scope="row">{ta('about.albums')}</th>
                <td>{number(info.albums)}</td>
              </tr>
              <tr>
                <th scope="row">{ta('about.tracks')}</th>
                <td>{number(info.tracks)}</td>
              </tr>
              <tr>
                <th scope="row">{ta('about.hours')}</th>
                <td>{number(info.hours)}</td>
              </tr>
              <tr>
                <th scope="row">{ta('about.users')}</th>
                <td>{number(info.users)}</td>
              </tr>
            </tbody>
          </table>
          <table className="host-facts">
            <caption>{ta('about.features')}</caption>
            <tbody>
              <tr>
                <th scope="row">{ta('about.registration')}</th>
                <td>{info.registrationOpen ? ta('about.registrationOpen') : ta('about.registrationClosed')}</td>
              </tr>
              <tr>
                <th scope="row">{ta('about.anonymous')}</th>
                <td>{info.anonymousCanListen ? ta('about.allowed') : ta('about.notAllowed')}</td>
              </tr>
              <tr>
                <th scope="row">{ta('about.federation')}</th>
                <td>{info.federationEnabled ? ta('about.enabled') : ta('about.disabled')}</td>
              </tr>
              <tr>
                <th scope="row">{ta('about.quota')}</th>
                <td>{info.defaultUploadQuotaMb === null ? '—' : formatSize(info.defaultUploadQuotaMb * 1_000_000)}</td>
              </tr>
              {info.software && (
                <tr>
                  <th scope="row">{ta('about.software')}</th>
                  <td>{info.software}</td>
                </tr>
              )}
            </tbody>
          </table>
        </article>
      )}
    </PodInfoStatus>
  );
}
