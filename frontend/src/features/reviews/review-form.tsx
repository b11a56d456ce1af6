import { useId, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { showToast } from '../../components/toast/toast-slice.ts';
import { useSubmitReviewMutation } from './api.ts';
import { MODERATION_NOTE, SUBMITTED_TOAST } from './messages.ts';
import {
  EMPTY_REVIEW_FORM,
  reviewFormProblem,
  submitArgs,
  submitErrorText,
  type ReviewFormValues,
} from './review-form-rules.ts';
import { StarRatingInput } from './star-rating-input.tsx';
import { HoneypotField } from '../../components/honeypot-field/honeypot-field.tsx';

interface Props {
  /** A catalogue event chosen by `?eventId=`; without it the form asks for the event's name and link. */
  eventId?: string;
  /** Where Cancel and a successful submit go: the event page, or /reviews. */
  backTo: string;
}

/** Spec 02 §5 "Review form" and §8 "Review submit". */
export function ReviewForm({ eventId, backTo }: Props) {
  const id = useId();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [values, setValues] = useState<ReviewFormValues>(EMPTY_REVIEW_FORM);
  const [alert, setAlert] = useState<string | null>(null);
  const [submit, { isLoading }] = useSubmitReviewMutation();

  const set = <K extends keyof ReviewFormValues>(key: K, value: ReviewFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const text = (key: Exclude<keyof ReviewFormValues, 'rating'>) => ({
    id: `${id}-${key}`,
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const problem = reviewFormProblem(values, Boolean(eventId));
    setAlert(problem);
    if (problem) return;
    try {
      await submit(submitArgs(values, eventId)).unwrap();
    } catch (failure) {
      setAlert(submitErrorText(failure));
      return;
    }
    dispatch(showToast({ message: SUBMITTED_TOAST, kind: 'success' }));
    navigate(backTo);
  };

  return (
    <form className="review-form text-fields" onSubmit={onSubmit} noValidate aria-describedby={`${id}-note`}>
      {!eventId && (
        <div className="review-form__row">
          <div className="stack review-form__field">
            <label htmlFor={`${id}-eventName`}>Event Name *</label>
            <input {...text('eventName')} type="text" required maxLength={200} autoComplete="off" />
          </div>
          <div className="stack review-form__field">
            <label htmlFor={`${id}-eventLink`}>Event Link</label>
            <input
              {...text('eventLink')}
              type="text"
              inputMode="url"
              maxLength={2048}
              placeholder="/event/123 or /events/123-some-slug"
              aria-describedby={`${id}-link-hint`}
            />
            <small id={`${id}-link-hint`} className="review-form__hint">
              Optional. For example /event/123 or /events/123-some-slug
            </small>
          </div>
        </div>
      )}
      <div className="review-form__row">
        <div className="stack review-form__field">
          <label htmlFor={`${id}-userName`}>Your Name *</label>
          <input {...text('userName')} type="text" required maxLength={120} autoComplete="name" />
        </div>
        <div className="stack review-form__field">
          <label htmlFor={`${id}-email`}>Email *</label>
          <input {...text('email')} type="email" required maxLength={254} autoComplete="email" />
        </div>
      </div>
      <div className="stack review-form__field">
        <span id={`${id}-rating`} className="review-form__label">
          Rating *
        </span>
        <StarRatingInput
          value={values.rating}
          onChange={(rating) => set('rating', rating)}
          labelledBy={`${id}-rating`}
        />
      </div>
      <div className="stack review-form__field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input {...text('title')} type="text" maxLength={200} />
      </div>
      <div className="stack review-form__field">
        <label htmlFor={`${id}-comment`}>Comment</label>
        <textarea {...text('comment')} rows={5} maxLength={5000} />
      </div>
      {/* A bot that fills it in is answered like a person and ignored. */}
      <HoneypotField label="Website" input={{ ...text('website'), name: 'website' }} />
      <p id={`${id}-note`} className="review-form__note">
        {MODERATION_NOTE}
      </p>
      {alert && (
        <p className="alert alert--error" role="alert">
          {alert}
        </p>
      )}
      <div className="review-form__actions">
        <button type="button" className="btn" onClick={() => navigate(backTo)}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isLoading}>
          {isLoading ? 'Submitting…' : 'Submit Review'}
        </button>
      </div>
    </form>
  );
}
