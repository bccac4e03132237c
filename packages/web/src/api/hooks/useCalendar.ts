import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** A month of the calendar (the user's current month when `month` is undefined). */
export function useCalendarMonth(month: string | undefined) {
  return useQuery({
    queryKey: queryKeys.calendar.month(month ?? 'current'),
    queryFn: () => api.calendar.month({ query: month ? { month } : {} }),
    placeholderData: keepPreviousData,
  });
}
