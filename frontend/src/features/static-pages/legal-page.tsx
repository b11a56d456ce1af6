import type { ReactNode } from 'react';
import './static-pages.css';

/** Spec 02 §9: both legal texts carry this date. */
export const LEGAL_DATE = 'July 4, 2025';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** The frame of the privacy policy and the terms: title, date, a table of contents and numbered sections. */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <main className="page static-page legal-page">
      <article className="static-card legal-page__article">
        <header>
          <h1>{title}</h1>
          <p className="legal-page__date">Last updated: {LEGAL_DATE}</p>
          {intro}
        </header>
        <nav aria-label="Contents" className="legal-page__toc">
          <h2>Contents</h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </article>
    </main>
  );
}
