import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Tabs, tabPanelProps, type TabItem } from '../../components/tabs/tabs.tsx';
import type { CreateTicketResult } from './api.ts';
import { ContactForm } from './contact-form.tsx';
import { FaqList } from './faq-list.tsx';
import { CREATE_SUCCESS } from './messages.ts';
import { saveTicketToken } from './token-storage.ts';
import { TrackTicket, type TrackRequest } from './track-ticket.tsx';
import './support-page.css';

export type SupportTab = 'faq' | 'contact' | 'search';

/** The tab ids double as the hashes the help widget links to (#faq, #contact, #search). */
const TABS: readonly TabItem<SupportTab>[] = [
  { id: 'faq', label: 'FAQ' },
  { id: 'contact', label: 'Contact Support' },
  { id: 'search', label: 'Track Ticket' },
];

const ID_PREFIX = 'support';

export function tabFromHash(hash: string): SupportTab | undefined {
  const id = hash.replace(/^#/, '');
  return TABS.find((tab) => tab.id === id)?.id;
}

/** The tracking link of the confirmation e-mail: `?ticket=TT-...&token=...#search`. */
export function readTrackingLink(search: string): { number: string; token?: string } | undefined {
  const params = new URLSearchParams(search);
  const number = params.get('ticket')?.trim();
  if (!number) return undefined;
  const token = params.get('token')?.trim();
  return token ? { number, token } : { number };
}

/** Spec 02 "Support page": FAQ, Contact Support and Track Ticket tabs. */
export function SupportPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [link] = useState(() => readTrackingLink(location.search));
  const [tab, setTab] = useState<SupportTab>(() => tabFromHash(location.hash) ?? (link ? 'search' : 'faq'));
  const [trackRequest, setTrackRequest] = useState<TrackRequest | null>(() => (link ? { ...link, nonce: 0 } : null));
  const [notice, setNotice] = useState<string | null>(null);

  // Keep the e-mail link's token for later visits, then take it out of the address bar (and so out of the
  // history, bookmarks and anything the visitor copies from it).
  useEffect(() => {
    if (!link) return;
    if (link.token) saveTicketToken(link.number, link.token);
    navigate({ pathname: location.pathname, search: '', hash: '#search' }, { replace: true });
    // The link is read once, when the page opens, so this runs once.
  }, [link, location.pathname, navigate]);

  // A hash change while the page is open (a help-widget link, the back button) selects its tab.
  const [seenHash, setSeenHash] = useState(location.hash);
  if (seenHash !== location.hash) {
    setSeenHash(location.hash);
    const fromHash = tabFromHash(location.hash);
    if (fromHash) setTab(fromHash);
  }

  const select = useCallback(
    (next: SupportTab) => {
      setTab(next);
      navigate({ pathname: location.pathname, search: location.search, hash: `#${next}` }, { replace: true });
    },
    [location.pathname, location.search, navigate],
  );

  const onCreated = useCallback(
    (result: CreateTicketResult) => {
      saveTicketToken(result.ticket.ticket_number, result.access_token);
      setNotice(CREATE_SUCCESS);
      setTrackRequest((previous) => ({
        number: result.ticket.ticket_number,
        token: result.access_token,
        nonce: (previous?.nonce ?? 0) + 1,
      }));
      select('search');
    },
    [select],
  );

  const clearNotice = useCallback(() => setNotice(null), []);

  return (
    <main className="page support-page text-fields">
      <header className="page-hero support-hero">
        <h1>How can we help?</h1>
        <p>Browse quick answers, send us a ticket, or check on one you already opened.</p>
        <ul className="support-hero__facts" aria-label="Support at a glance">
          <li>
            <strong>24h</strong> average response time
          </li>
          <li>
            <strong>9 AM - 6 PM EST</strong> support hours
          </li>
        </ul>
      </header>
      <div className="support-card">
        <Tabs
          label="Support"
          idPrefix={ID_PREFIX}
          tabs={TABS}
          selected={tab}
          onSelect={select}
          className="support-card__tabs"
        />
        {/* Panels stay mounted so a half-written ticket survives a look at the FAQ. */}
        <section {...tabPanelProps(ID_PREFIX, 'faq')} hidden={tab !== 'faq'} className="support-panel">
          <FaqList onContact={() => select('contact')} />
        </section>
        <section {...tabPanelProps(ID_PREFIX, 'contact')} hidden={tab !== 'contact'} className="support-panel">
          <ContactForm onCreated={onCreated} />
        </section>
        <section {...tabPanelProps(ID_PREFIX, 'search')} hidden={tab !== 'search'} className="support-panel">
          <TrackTicket request={trackRequest} notice={notice} onSearch={clearNotice} />
        </section>
      </div>
    </main>
  );
}
