import { monthWeeks } from '@printloom/core';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useCheckIn, useCheckInMonth } from '../../api/hooks/usePoints.js';
import { FormError } from '../auth/FormError.js';
import { RelatedPages } from '../RelatedPages.js';
import { usePageTitle } from '../usePageTitle.js';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * Daily check-in (spec §2 /check-in): a calendar of the month in the seller's own days, the
 * check-in button and the streak. 5 points a day, 5 more on every 7th day in a row.
 */
export function CheckInPage() {
  const title = usePageTitle();
  const month = useCheckInMonth();
  const checkIn = useCheckIn();
  const [booked, setBooked] = useState<number | null>(null);
  const data = month.data;
  const checked = new Set(data?.days ?? []);
  const label = data
    ? new Date(`${data.month}-01T00:00:00Z`).toLocaleDateString('en-US', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : '';

  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <RelatedPages pages={['sen_points', 'contest']} label="Your points" />
      <FormError error={month.error ?? checkIn.error} />
      {month.isPending ? <p className="text-body-secondary">Loading…</p> : null}
      {data ? (
        <div style={{ maxWidth: 560 }}>
          <div className="d-flex align-items-center gap-3 mb-3">
            <Button
              disabled={data.checked_today || checkIn.isPending}
              onClick={() =>
                checkIn.mutate(undefined, { onSuccess: (answer) => setBooked(answer.points) })
              }
            >
              {data.checked_today ? 'Checked in today' : 'Check in'}
            </Button>
            <span data-testid="streak">
              Streak: <strong>{data.streak}</strong> day{data.streak === 1 ? '' : 's'}
            </span>
          </div>
          {booked !== null && booked > 0 ? (
            <div className="alert alert-success" role="status">
              +{booked} SEN points.
            </div>
          ) : null}
          <table className="table table-bordered text-center">
            <caption className="caption-top">{label}</caption>
            <thead>
              <tr>
                {WEEKDAYS.map((day) => (
                  <th scope="col" key={day}>
                    {day}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthWeeks(data.month).map((week) => (
                <tr key={week.find((d) => d) ?? 'blank'}>
                  {week.map((day, i) =>
                    day ? (
                      <td
                        key={day}
                        className={checked.has(day) ? 'table-success' : undefined}
                        aria-current={day === data.today ? 'date' : undefined}
                      >
                        <span className={day === data.today ? 'fw-bold' : undefined}>
                          {Number(day.slice(8))}
                        </span>
                        {checked.has(day) ? (
                          <span className="visually-hidden"> checked in</span>
                        ) : null}
                        {checked.has(day) ? <span aria-hidden="true"> ✓</span> : null}
                      </td>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have no day
                      <td key={`blank-${i}`} />
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="small text-body-secondary">
            Days follow your time zone setting. 5 points a day, 5 more every 7th day in a row.
          </p>
        </div>
      ) : null}
    </>
  );
}
