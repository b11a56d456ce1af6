import { ActionLinks } from '../../components/action-links/action-links.tsx';
import { config } from '../../app/config.ts';
import './static-pages.css';

const STEPS = [
  {
    title: 'Discover',
    text: 'Search by city, date, category and price, or open the map to see what is happening near you tonight.',
  },
  {
    title: 'Compare',
    text: 'Every event page gathers the venue, dates, prices and reviews in one place, so you can weigh your options.',
  },
  {
    title: 'Book',
    text: 'Buy Tickets sends you to the official seller, where you pay and receive your tickets directly.',
  },
] as const;

/** Spec 02 "About page": mission, community, global reach, passion, the affiliate disclosure and how it works. */
export function AboutPage() {
  const app = config.appName;
  return (
    <main className="page static-page">
      <header className="page-hero">
        <h1>About {app}</h1>
        <p>
          One place to find live events worth leaving the house for, from stadium tours to the jazz night around the
          corner.
        </p>
      </header>

      <div className="static-grid">
        <section className="static-card" aria-labelledby="about-mission">
          <h2 id="about-mission">Our mission</h2>
          <p>
            Tickets for the same city are spread over dozens of sellers and venue sites. {app} brings them together so
            that finding something to do takes minutes, not an evening of open tabs.
          </p>
        </section>
        <section className="static-card" aria-labelledby="about-community">
          <h2 id="about-community">Our community</h2>
          <p>
            Visitors who went to an event tell others what it was really like. Reviews are read by our team before they
            appear, so the picture stays honest and useful.
          </p>
        </section>
        <section className="static-card" aria-labelledby="about-reach">
          <h2 id="about-reach">Global reach</h2>
          <p>
            We list concerts, sports, theatre, food festivals and experiences in cities across Europe, the Americas and
            beyond, with prices shown in the seller&apos;s currency.
          </p>
        </section>
        <section className="static-card" aria-labelledby="about-passion">
          <h2 id="about-passion">Our passion</h2>
          <p>
            We are people who plan trips around gigs and know the feeling of a full room before the lights go down. We
            build {app} for people like us.
          </p>
        </section>
      </div>

      <section className="static-section" aria-labelledby="about-how">
        <h2 id="about-how">How it works</h2>
        <ol className="static-steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="static-steps__item">
              <span className="static-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="static-section static-disclosure" aria-labelledby="about-disclosure">
        <h2 id="about-disclosure">Affiliate disclosure</h2>
        <p>
          {app} is free to use. When you buy tickets or book a stay through a link on our site, the seller may pay us a
          commission. It never changes the price you pay, and it does not decide which events we list or how we rank
          them. Prices and availability are set by the sellers and can change without notice.
        </p>
      </section>

      <section className="static-section static-cta" aria-labelledby="about-contact">
        <h2 id="about-contact">Questions or ideas?</h2>
        <p>Our support team answers within a day. Organisers, venues and ticketing platforms can work with us too.</p>
        <ActionLinks
          className="static-cta__buttons"
          links={[
            { to: '/support', label: 'Contact Support' },
            { to: '/partner', label: 'Partner With Us' },
          ]}
        />
      </section>
    </main>
  );
}
