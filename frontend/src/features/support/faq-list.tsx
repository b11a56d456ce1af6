import { useSupportFaqQuery } from './api.ts';

interface Props {
  onContact(): void;
}

/** Spec 02 "Support page": question and answer entries, as native disclosure widgets (keyboard and screen reader ready). */
export function FaqList({ onContact }: Props) {
  const { data: faq, isLoading, isError, refetch } = useSupportFaqQuery();

  return (
    <div className="support-faq">
      <h2 className="support-panel__title">Frequently asked questions</h2>
      {isLoading && <p role="status">Loading questions...</p>}
      {isError && (
        <div className="alert alert--error" role="alert">
          <p>The questions could not be loaded.</p>
          <button type="button" className="btn btn-small" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      )}
      {faq && faq.length === 0 && <p>No questions yet.</p>}
      {faq && faq.length > 0 && (
        <div className="support-faq__list">
          {faq.map((entry, index) => (
            <details key={entry.question} className="support-faq__item" open={index === 0}>
              <summary>{entry.question}</summary>
              <p>{entry.answer}</p>
            </details>
          ))}
        </div>
      )}
      <div className="support-faq__more">
        <p>Didn&apos;t find your answer?</p>
        <button type="button" className="btn btn-primary" onClick={onContact}>
          Contact Support
        </button>
      </div>
    </div>
  );
}
