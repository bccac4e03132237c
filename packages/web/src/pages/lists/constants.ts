/** Search boxes of lists wait this long after the last key before asking (spec §9). */
export const SEARCH_DEBOUNCE_MS = 200;

/** Labels of the time filter; '' is no filter (all time). */
export const TIME_RANGE_LABELS = {
  '': 'All time',
  today: 'Today',
  yesterday: 'Yesterday',
  this_week: 'This week',
  this_month: 'This month',
  last_7_days: 'Last 7 days',
  last_14_days: 'Last 14 days',
  last_week: 'Last week',
  last_30_days: 'Last 30 days',
  last_month: 'Last month',
  custom: 'Custom range',
} as const;
