import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_KEY, EMPTY_FORM, clearDraft, loadDraft, saveBlockedReason, saveDraft } from './draft-form.ts';

afterEach(() => localStorage.clear());

describe('save rules (spec 02 §5)', () => {
  it('blocks an empty title', () => {
    expect(
      saveBlockedReason({ postId: 'p1', slug: 's', form: { ...EMPTY_FORM, title: '  ', content: 'x' } }),
    ).not.toBeNull();
  });

  it('blocks a new post with empty content, but not an existing one', () => {
    expect(
      saveBlockedReason({ postId: null, slug: null, form: { ...EMPTY_FORM, title: 'T', content: ' ' } }),
    ).not.toBeNull();
    expect(saveBlockedReason({ postId: 'p1', slug: 's', form: { ...EMPTY_FORM, title: 'T', content: '' } })).toBeNull();
  });
});

describe('the unsaved draft', () => {
  it('survives a reload until it is cleared', () => {
    const state = { postId: null, slug: null, form: { ...EMPTY_FORM, title: 'Half written' } };
    saveDraft(state);
    expect(loadDraft()).toEqual(state);
    clearDraft();
    expect(loadDraft()).toBeNull();
  });

  it('ignores a damaged draft', () => {
    localStorage.setItem(DRAFT_KEY, '{not json');
    expect(loadDraft()).toBeNull();
  });
});
