import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { config } from '../../app/config.ts';
import { THANK_YOU_TEXT, THANK_YOU_TITLE } from './messages.ts';
import { PartnerForm } from './partner-form.tsx';
import './partner-page.css';

const OFFERS = [
  {
    title: 'Event organizers',
    highlight: '5-15% commission',
    text: 'List your events next to the big names and earn 5-15% commission on tickets sold through your own referral links.',
  },
  {
    title: 'Ticketing platforms',
    highlight: 'Qualified traffic',
    text: 'Send us your catalogue feed and receive visitors who have already chosen an event and are ready to buy.',
  },
  {
    title: 'Venues',
    highlight: 'Full calendar',
    text: 'Show your whole programme on one page, on the map and in the weekly digest our subscribers read.',
  },
] as const;

/** Spec 02 "Partner page": the pitch and the form, then the Thank You screen after a successful request. */
export function PartnerPage() {
  const [sent, setSent] = useState(false);
  const thanksHeading = useRef<HTMLHeadingElement>(null);

  const onSent = () => {
    setSent(true);
    // The form is gone: move focus to the confirmation so screen readers announce it.
    requestAnimationFrame(() => thanksHeading.current?.focus());
  };

  if (sent) {
    return (
      <main className="page partner-page">
        <section className="card partner-thanks" aria-labelledby="partner-thanks-title">
          <div className="partner-thanks__icon" aria-hidden="true">
            ✓
          </div>
          <h1 id="partner-thanks-title" ref={thanksHeading} tabIndex={-1}>
            {THANK_YOU_TITLE}
          </h1>
          <p>{THANK_YOU_TEXT}</p>
          <Link className="btn btn-primary" to="/">
            Back to Events
          </Link>
        </section>
      </main>
    );
  }

  return (
    <main className="page partner-page">
      <header className="page-hero">
        <h1>Partner With Us</h1>
        <p>
          Reach people who are actively looking for something to do. {config.appName} lists events from many sellers and
          sends ready-to-buy visitors straight to the ticket page.
        </p>
      </header>
      <div className="partner-layout">
        <section className="partner-pitch" aria-labelledby="partner-why">
          <h2 id="partner-why">Why partner with {config.appName}</h2>
          <ul className="partner-offers">
            {OFFERS.map((offer) => (
              <li key={offer.title} className="card partner-offer">
                <h3>{offer.title}</h3>
                <p className="partner-offer__highlight">{offer.highlight}</p>
                <p>{offer.text}</p>
              </li>
            ))}
          </ul>
          <p className="partner-pitch__note">
            No set-up fee and no exclusivity. We answer every inquiry within 2-3 business days.
          </p>
        </section>
        <div className="card partner-form-card">
          <PartnerForm onSent={onSent} />
        </div>
      </div>
    </main>
  );
}
