import { Link } from 'react-router-dom';
import { config } from '../../app/config.ts';
import { LegalPage, type LegalSection } from './legal-page.tsx';

const app = config.appName;

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        {app} is an event discovery website. We list events from ticket sellers and other sources and send you to those
        sellers to buy. The operator of {app} is the controller of the personal data described here. You can reach us
        through the <Link to="/support#contact">Contact Support</Link> form at any time.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect and why',
    body: (
      <>
        <p>You can browse {app} without an account. We collect only what each feature needs:</p>
        <ul>
          <li>
            <strong>Browsing.</strong> Our servers log each request (IP address, browser type, the page asked for and
            the time) to keep the service running and secure and to stop abuse. We count page views and clicks on Buy
            Tickets per event, without linking them to you, to show popular events.
          </li>
          <li>
            <strong>Location.</strong> To show events near you we estimate your city from your IP address. If you allow
            it, your browser shares a more precise position; it is rounded and stored only in your own browser, never on
            our servers.
          </li>
          <li>
            <strong>E-mail digest.</strong> If you subscribe, we keep your e-mail address, optional name, country, city
            and search radius to send a weekly selection of events, and we record when the last digest was sent.
          </li>
          <li>
            <strong>Support tickets.</strong> When you contact support we keep your name, e-mail address, optional phone
            number, your message and our replies, the page you wrote from and basic browser details (browser, language,
            platform, screen size) that help us reproduce a problem.
          </li>
          <li>
            <strong>Reviews.</strong> When you review an event we keep your name, e-mail address, rating and text. Only
            your name, the rating and the text are published, after moderation; your e-mail address is never shown.
          </li>
          <li>
            <strong>Partnership requests.</strong> When a business writes to us we keep the company, contact name,
            e-mail address and the optional phone number, website and message, to answer it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'affiliate-links',
    title: 'Affiliate links and sellers',
    body: (
      <p>
        Many links to ticket sellers, experience sites and hotel sites are affiliate links: the seller can tell that you
        came from {app} and may pay us a commission if you buy. When you follow such a link you leave {app}; the
        seller&apos;s own privacy policy and cookies apply from then on. We do not receive your payment details or your
        order, only, in some cases, an anonymous record that a sale happened.
      </p>
    ),
  },
  {
    id: 'cookies-analytics',
    title: 'Cookies, local storage and analytics',
    body: (
      <>
        <p>
          {app} itself sets no tracking cookies. Your browser&apos;s local storage keeps a few settings on your device:
          your approximate location and search radius, dismissed notices and view preferences, and, after you open a
          support ticket, the private key that lets you follow it. Administrators get one session cookie when they log
          in.
        </p>
        <p>
          An advertising and analytics tag (Google Ads) is loaded only when the operator of this site has configured
          one. When it is, it records page views, searches, clicks on ticket links and completed referrals so that we
          can measure our advertising, and Google may set its own cookies for this purpose under its privacy policy.
          When no tag is configured, nothing is sent to an analytics or advertising provider.
        </p>
      </>
    ),
  },
  {
    id: 'legal-bases',
    title: 'Legal bases',
    body: (
      <p>
        We process your data to provide a service you asked for (the digest, a support ticket, publishing your review,
        answering a partnership request), on the basis of our legitimate interest in running a secure and useful service
        (server logs, abuse prevention, anonymous statistics), and on the basis of your consent where the law requires
        it (precise location, the advertising tag). You can withdraw consent at any time; this does not affect
        processing before the withdrawal.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share data with',
    body: (
      <p>
        We do not sell your personal data. We use service providers that process data on our behalf and under our
        instructions: hosting and database providers, and an e-mail delivery service for confirmations, replies and
        digests. We disclose data to authorities only where the law obliges us to. If these providers are outside your
        country, we use the safeguards the law requires, such as standard contractual clauses.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    body: (
      <ul>
        <li>Server request logs: up to 30 days.</li>
        <li>Digest subscriptions: until you unsubscribe with the link in any digest or ask us to delete them.</li>
        <li>Support tickets: up to 24 months after the ticket is closed, then deleted.</li>
        <li>
          Reviews: as long as the review is published, or until you ask us to remove it; rejected reviews up to 12
          months.
        </li>
        <li>Partnership requests: up to 24 months after our last exchange.</li>
        <li>Data in your browser&apos;s local storage stays until you clear it.</li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <p>
        Depending on where you live, you may ask for access to your data, its correction or deletion, a copy in a
        portable format, or object to or restrict its processing. Every digest e-mail has a one-click unsubscribe link.
        To use any other right, write to us through <Link to="/support#contact">Contact Support</Link>; we answer within
        one month. You may also complain to your local data protection authority.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        The service is not for children under 13. We do not knowingly collect personal data from children under 13; if
        you believe a child has given us personal data, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Data travels over encrypted connections. Access to tickets, subscribers and reviews is limited to our
        administrators, who log in with a password. Support tickets can only be followed with the private link sent to
        the e-mail address given with the ticket.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We will update this page when our practices change and show the new date at the top. Significant changes will be
        announced on the site.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about this policy or your data: use <Link to="/support#contact">Contact Support</Link> and choose the
        account or privacy category if offered. Businesses can reach us through{' '}
        <Link to="/partner">Partner With Us</Link>.
      </p>
    ),
  },
];

/** Spec 02 "Privacy": the privacy policy, dated July 4, 2025. */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what personal data {app} collects, why, how long we keep it and the choices you have.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
