import { useId, useState, type FormEvent } from 'react';
import { DEFAULT_PRIORITY, TICKET_PRIORITIES } from '@evently/support/contracts';
import { PRIORITY_LABELS } from '../../lib/support/ticket-labels.ts';
import { useCreateTicketMutation, useSupportCategoriesQuery, type CreateTicketResult } from './api.ts';
import { currentBrowserInfo, currentPageUrl } from './browser-info.ts';
import { REQUIRED_FIELDS, createErrorMessage } from './messages.ts';
import { HoneypotField } from '../../components/honeypot-field/honeypot-field.tsx';

interface Props {
  onCreated(result: CreateTicketResult): void;
}

interface Values {
  user_name: string;
  user_email: string;
  user_phone: string;
  subject: string;
  category: string;
  priority: string;
  description: string;
  website: string;
}

const EMPTY: Values = {
  user_name: '',
  user_email: '',
  user_phone: '',
  subject: '',
  category: '',
  priority: DEFAULT_PRIORITY,
  description: '',
  website: '',
};

/** Spec 02 §5 "Support form": the Contact Support tab's ticket form. */
export function ContactForm({ onCreated }: Props) {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const categories = useSupportCategoriesQuery();
  const [createTicket, { isLoading }] = useCreateTicketMutation();

  const field = (name: keyof Values) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  // Until the visitor picks one, the first category the server lists is the choice.
  const category = values.category || categories.data?.[0]?.value || '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const required = [values.user_name, values.user_email, values.subject, values.description];
    if (required.some((value) => !value.trim())) {
      setError(REQUIRED_FIELDS);
      return;
    }
    setError(null);
    const phone = values.user_phone.trim();
    try {
      const result = await createTicket({
        user_name: values.user_name.trim(),
        user_email: values.user_email.trim(),
        ...(phone ? { user_phone: phone } : {}),
        subject: values.subject.trim(),
        description: values.description.trim(),
        category,
        priority: values.priority,
        page_url: currentPageUrl(),
        browser_info: currentBrowserInfo(),
        website: values.website,
      }).unwrap();
      setValues(EMPTY);
      onCreated(result);
    } catch (failure) {
      setError(createErrorMessage(failure));
    }
  };

  return (
    <form className="support-form" onSubmit={onSubmit} aria-describedby={`${id}-intro`}>
      <h2 className="support-panel__title">Contact Support</h2>
      <p id={`${id}-intro`} className="support-panel__lead">
        Tell us what happened and we&apos;ll get back to you by e-mail. Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">as required</span> are required.
      </p>
      <div className="support-form__grid">
        <div className="field support-form__third">
          <label htmlFor={`${id}-user_name`}>
            Your Name <span aria-hidden="true">*</span>
          </label>
          <input type="text" autoComplete="name" required maxLength={120} {...field('user_name')} />
        </div>
        <div className="field support-form__third">
          <label htmlFor={`${id}-user_email`}>
            Email Address <span aria-hidden="true">*</span>
          </label>
          <input type="email" autoComplete="email" required maxLength={254} {...field('user_email')} />
        </div>
        <div className="field support-form__third">
          <label htmlFor={`${id}-user_phone`}>Phone</label>
          <input type="tel" autoComplete="tel" maxLength={40} {...field('user_phone')} />
        </div>
        <div className="field support-form__wide">
          <label htmlFor={`${id}-subject`}>
            Subject <span aria-hidden="true">*</span>
          </label>
          <input type="text" required maxLength={200} {...field('subject')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-category`}>Category</label>
          <select
            {...field('category')}
            value={category}
            disabled={categories.isLoading}
            aria-describedby={categories.isError ? `${id}-category-error` : undefined}
          >
            {categories.isLoading && <option value="">Loading...</option>}
            {categories.isError && <option value="">General</option>}
            {categories.data?.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {categories.isError && (
            <p id={`${id}-category-error`} className="field__hint">
              Categories could not be loaded; your ticket will be filed as a general question.
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-priority`}>Priority</label>
          <select {...field('priority')}>
            {TICKET_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {PRIORITY_LABELS[priority]}
              </option>
            ))}
          </select>
        </div>
        <div className="field support-form__wide">
          <label htmlFor={`${id}-description`}>
            Description <span aria-hidden="true">*</span>
          </label>
          <textarea rows={6} required maxLength={5000} {...field('description')} />
        </div>
      </div>
      <HoneypotField label="Website" input={field('website')} />
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="support-form__actions">
        <button type="submit" className="btn btn-primary" disabled={isLoading}>
          {isLoading ? 'Submitting...' : 'Submit Ticket'}
        </button>
      </div>
    </form>
  );
}
