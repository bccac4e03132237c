import {
  type CalendarEvent,
  type CalendarEventKind,
  monthWeeks,
  POD_REGIONS,
  shiftDay,
  shiftMonth,
} from '@printloom/core';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useSearchParams } from 'react-router';
import { useCalendarMonth } from '../../api/hooks/useCalendar.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { usePageTitle } from '../usePageTitle.js';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** Events a day cell lists before "+n more". */
const CELL_EVENTS = 3;

const KIND_LABELS: Record<CalendarEventKind, string> = {
  campaign_launch: 'Campaign launch',
  promotion_start: 'Promotion starts',
  promotion_end: 'Promotion ends',
  email_campaign: 'Email campaign',
  holiday: 'Holiday',
  last_order: 'Last order day',
};
const KIND_CLASSES: Record<CalendarEventKind, string> = {
  campaign_launch: 'text-bg-primary',
  promotion_start: 'text-bg-success',
  promotion_end: 'text-bg-secondary',
  email_campaign: 'text-bg-info',
  holiday: 'text-bg-danger',
  last_order: 'text-bg-warning',
};

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
const dayName = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Where a key moves the focused day: arrows by day and week, Home/End in the week, PageUp/Down by month. */
function movedDay(day: string, key: string): string | null {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  switch (key) {
    case 'ArrowLeft':
      return shiftDay(day, -1);
    case 'ArrowRight':
      return shiftDay(day, 1);
    case 'ArrowUp':
      return shiftDay(day, -7);
    case 'ArrowDown':
      return shiftDay(day, 7);
    case 'Home':
      return shiftDay(day, -weekday);
    case 'End':
      return shiftDay(day, 6 - weekday);
    case 'PageUp':
    case 'PageDown': {
      const month = shiftMonth(day.slice(0, 7), key === 'PageUp' ? -1 : 1);
      const last = monthWeeks(month).flat().filter(Boolean).at(-1) ?? `${month}-28`;
      const wanted = `${month}-${day.slice(8)}`;
      return wanted > last ? last : wanted;
    }
    default:
      return null;
  }
}

/**
 * Calendar (spec §2 /calendar; issue 16): a month grid on the user's days with the seller's
 * campaign launches, promotion starts and ends, scheduled email campaigns, and the
 * print-on-demand season (holidays and each region's last order day). The grid is one tab stop:
 * arrows, Home/End and PageUp/PageDown move between days; the chosen day's events are listed
 * below it.
 */
export function CalendarPage() {
  const title = usePageTitle();
  const [params, setParams] = useSearchParams();
  const requested = params.get('month') ?? undefined;
  const calendar = useCalendarMonth(requested);
  const data = calendar.data;
  const month = data?.month ?? requested;
  const [region, setRegion] = useState('');
  const [focused, setFocused] = useState<string | null>(null);
  const grid = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  const events = useMemo(
    () =>
      (data?.events ?? []).filter(
        (e) => e.kind !== 'last_order' || region === '' || e.region === region,
      ),
    [data, region],
  );
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarEvent[]>();
    for (const e of events) map.set(e.date, [...(map.get(e.date) ?? []), e]);
    return map;
  }, [events]);

  // The focused day belongs to the month shown: today in the current month, else the 1st.
  const active =
    focused && month && focused.startsWith(month)
      ? focused
      : data && month
        ? data.today.startsWith(month)
          ? data.today
          : `${month}-01`
        : null;

  // After a key moved the day, focus its cell once it is on screen (another month loads first).
  useEffect(() => {
    if (!moveFocus.current || !focused) return;
    const cell = grid.current?.querySelector<HTMLElement>(`[data-day="${focused}"]`);
    if (cell) {
      cell.focus();
      moveFocus.current = false;
    }
  });

  const goToMonth = (next: string) => {
    setParams((p) => {
      const copy = new URLSearchParams(p);
      copy.set('month', next);
      return copy;
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (!active) return;
    const next = movedDay(active, event.key);
    if (!next) return;
    event.preventDefault();
    setFocused(next);
    moveFocus.current = true;
    if (!next.startsWith(active.slice(0, 7))) goToMonth(next.slice(0, 7));
  };

  const selected = active ? (byDay.get(active) ?? []) : [];
  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={!month}
          onClick={() => month && goToMonth(shiftMonth(month, -1))}
        >
          <span aria-hidden="true">‹ </span>Previous month
        </Button>
        <h2 className="h5 mb-0 mx-2" aria-live="polite" data-testid="calendar-month">
          {month ? monthName(month) : 'Loading…'}
        </h2>
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={!month}
          onClick={() => month && goToMonth(shiftMonth(month, 1))}
        >
          Next month<span aria-hidden="true"> ›</span>
        </Button>
        {data && month !== data.today.slice(0, 7) ? (
          <Button variant="link" size="sm" onClick={() => goToMonth(data.today.slice(0, 7))}>
            Today
          </Button>
        ) : null}
        <div className="ms-auto">
          <FilterSelect
            label="Last order days for"
            allLabel="Every region"
            value={region}
            options={POD_REGIONS.map((r) => ({ value: r, label: r }))}
            onChange={setRegion}
          />
        </div>
      </div>

      <ListLoadError error={calendar.error} onRetry={() => void calendar.refetch()} />
      {calendar.isPending ? (
        <p className="text-body-secondary" role="status">
          Loading the calendar…
        </p>
      ) : null}

      {data && month ? (
        <>
          <table
            ref={grid}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA date grid pattern (days are one tab stop moved by arrow keys)
            role="grid"
            aria-label={monthName(month)}
            aria-busy={calendar.isFetching}
            className="table table-bordered calendar-grid"
            style={{ tableLayout: 'fixed' }}
            onKeyDown={onKeyDown}
          >
            <thead>
              <tr>
                {WEEKDAYS.map((d) => (
                  <th key={d} scope="col" abbr={d} className="small text-center">
                    {d.slice(0, 3)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthWeeks(month).map((week) => (
                <tr key={week.find((d) => d) ?? 'blank'}>
                  {week.map((day, i) => {
                    if (!day) {
                      // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have no day
                      return <td key={`blank-${i}`} className="bg-body-tertiary" />;
                    }
                    const dayEvents = byDay.get(day) ?? [];
                    const isActive = day === active;
                    return (
                      // biome-ignore lint/a11y/useKeyWithClickEvents: the grid's keys move between days; focus selects a day as a click does
                      <td
                        key={day}
                        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a day of the date grid (see the table)
                        role="gridcell"
                        data-day={day}
                        tabIndex={isActive ? 0 : -1}
                        aria-selected={isActive}
                        aria-current={day === data.today ? 'date' : undefined}
                        aria-label={`${dayName(day)}, ${
                          dayEvents.length === 0
                            ? 'no events'
                            : `${dayEvents.length} event${dayEvents.length === 1 ? '' : 's'}`
                        }`}
                        className={isActive ? 'table-active' : undefined}
                        style={{ height: '6.5rem', verticalAlign: 'top', cursor: 'pointer' }}
                        onClick={() => setFocused(day)}
                        onFocus={() => setFocused(day)}
                      >
                        <span className={day === data.today ? 'badge text-bg-dark' : 'small'}>
                          {Number(day.slice(8))}
                        </span>
                        <ul className="list-unstyled mb-0 mt-1" aria-hidden="true">
                          {dayEvents.slice(0, CELL_EVENTS).map((e) => (
                            <li
                              key={`${e.kind}-${e.ref_id ?? e.title}`}
                              className={`badge ${KIND_CLASSES[e.kind]} d-block text-truncate text-start fw-normal mb-1`}
                              title={e.title}
                            >
                              {e.title}
                            </li>
                          ))}
                          {dayEvents.length > CELL_EVENTS ? (
                            <li className="small text-body-secondary">
                              +{dayEvents.length - CELL_EVENTS} more
                            </li>
                          ) : null}
                        </ul>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>

          {active ? (
            <section aria-labelledby="calendar-day-heading" className="mb-4">
              <h3 id="calendar-day-heading" className="h6">
                {dayName(active)}
              </h3>
              {selected.length === 0 ? (
                <p className="text-body-secondary" data-testid="day-empty">
                  Nothing planned on this day.
                </p>
              ) : (
                <ul className="list-unstyled" data-testid="day-events">
                  {selected.map((e) => (
                    <li key={`${e.kind}-${e.ref_id ?? e.title}`} className="mb-1">
                      <span className={`badge ${KIND_CLASSES[e.kind]} me-2`}>
                        {KIND_LABELS[e.kind]}
                      </span>
                      {e.title}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ) : null}
          <p className="small text-body-secondary">
            Last order days allow 3 days of production and standard shipping to each region.
          </p>
        </>
      ) : null}
    </>
  );
}
