import { api } from '../../app/api.ts';
import type { SupportCategory } from '@evently/support/contracts';

/** The server's support categories: the contact form offers them, and tickets show their labels. */
export const supportCategoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    supportCategories: build.query<SupportCategory[], void>({
      query: () => '/support/categories',
      transformResponse: (body: { categories?: SupportCategory[] } | null) => body?.categories ?? [],
      providesTags: ['SupportCategory'],
    }),
  }),
});

export const { useSupportCategoriesQuery } = supportCategoriesApi;

/** A category's label, or its raw value while the list is loading or when the server no longer lists it. */
export function categoryLabel(categories: readonly SupportCategory[] | undefined, value: string): string {
  return categories?.find((category) => category.value === value)?.label ?? value;
}
