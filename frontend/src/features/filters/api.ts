import { api } from '../../app/api.ts';
import { cleanFilterOptions, EMPTY_FILTER_OPTIONS, type FilterOptions } from './filter-options.ts';

export const filtersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFilterOptions: build.query<FilterOptions, void>({
      query: () => '/events/filters',
      transformResponse: cleanFilterOptions,
      // Spec 01 §8: a failure is logged and the lists stay empty; the visitor sees no message.
      transformErrorResponse: (error) => {
        console.warn('Filter options failed to load', error);
        return error;
      },
      providesTags: ['EventFilters'],
    }),
  }),
});

export function useFilterOptions(): FilterOptions {
  const { data } = filtersApi.useGetFilterOptionsQuery();
  return data ?? EMPTY_FILTER_OPTIONS;
}
