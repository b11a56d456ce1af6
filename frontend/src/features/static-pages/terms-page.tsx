import { Link } from 'react-router-dom';
import { config } from '../../app/config.ts';
import { LegalPage, type LegalSection } from './legal-page.tsx';

const app = config.appName;

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    body: (
      <p>
        These terms govern your use of the {app} website and its e-mails. By using {app} you agree to them. If you do
        not agree, please do not use the service. Our <Link to="/privacy">Privacy Policy</Link> explains how we handle
        personal data.
      </p>
    ),
  },
  {
    id: 'the-service',
    title: 'What we do, and what we do not',
    body: (
      <p>
        {app} is a free guide to live events. We collect event listings from ticket sellers, venues and other sources
        and link to the sellers. We do not sell tickets, take payments or issue refunds: every purchase is a contract
        between you and the seller, under the seller&apos;s terms. Questions about an order, a ticket, a cancellation or
        a refund go to the seller.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may use the service',
    body: (
      <p>
        The service is not for children under 13. If you are under the age of majority where you live, use {app} with
        the involvement of a parent or guardian, who must also agree to any purchase you make from a seller.
      </p>
    ),
  },
  {
    id: 'listings',
    title: 'Event information and prices',
    body: (
      <p>
        We take care to show accurate listings, but dates, venues, line-ups, prices and availability come from third
        parties and can change without notice. The seller&apos;s page at the moment of purchase is what counts. Prices
        shown on {app} may exclude fees the seller adds, and may be shown in the seller&apos;s currency.
      </p>
    ),
  },
  {
    id: 'affiliate-links',
    title: 'Affiliate links',
    body: (
      <p>
        Some links on {app} are affiliate links: if you buy after following one, the seller may pay us a commission.
        This costs you nothing extra and does not decide which events we show or how we rank them.
      </p>
    ),
  },
  {
    id: 'reviews',
    title: 'Reviews and other content you send',
    body: (
      <>
        <p>
          Reviews must be your own honest experience of the event. Do not post content that is unlawful, defamatory,
          hateful, sexually explicit, misleading or promotional, that infringes someone else&apos;s rights, or that
          contains another person&apos;s personal data. We read reviews before publishing them and may refuse, shorten
          or remove any review that breaks these rules.
        </p>
        <p>
          You keep the rights in what you write. By submitting a review you give us a worldwide, non-exclusive,
          royalty-free licence to publish, display and adapt it on {app} and in our e-mails for as long as it is
          published. You can ask us to remove it at any time.
        </p>
      </>
    ),
  },
  {
    id: 'digest-support',
    title: 'The e-mail digest and support',
    body: (
      <p>
        The weekly digest is free; every digest has a link to unsubscribe at once. Support tickets are answered by
        e-mail, usually within 24 hours on working days; keep your private tracking link to yourself, as anyone holding
        it can read and add to the conversation.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <p>
        Do not misuse the service: no automated collection of listings at a rate that burdens our servers, no attempts
        to break or bypass its security or rate limits, no use of our forms to send spam or to contact people who did
        not ask to be contacted, and no impersonation of others. We may block access that breaks these rules.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    body: (
      <p>
        The {app} name, design, software and our own texts belong to the operator of {app}. Event descriptions, images
        and trademarks belong to their owners and are shown to describe their events. You may link to any page of {app}{' '}
        and share it for personal, non-commercial purposes.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and liability',
    body: (
      <p>
        The service is provided as it is, without guarantees that it is always available or error-free. We are not
        responsible for events, sellers or websites we link to. To the extent the law allows, we are not liable for
        indirect or consequential loss arising from the use of {app}. Nothing in these terms limits liability that
        cannot be limited by law, or your statutory rights as a consumer.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and termination',
    body: (
      <p>
        We may change these terms; the date at the top shows the latest version, and continued use after a change means
        you accept it. We may change or stop parts of the service. You may stop using it at any time.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the law of the country where the operator of {app} is established. If you are a
        consumer, you also keep the protection of the mandatory rules of the country where you live, and you may bring a
        claim in its courts.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms: <Link to="/support#contact">Contact Support</Link>. Business enquiries:{' '}
        <Link to="/partner">Partner With Us</Link>.
      </p>
    ),
  },
];

/** Spec 02 "Privacy and Terms": the terms of use, dated July 4, 2025. */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Use"
      intro={<p>Please read these terms before using {app}. They are written to be read, not skimmed past.</p>}
      sections={SECTIONS}
    />
  );
}
