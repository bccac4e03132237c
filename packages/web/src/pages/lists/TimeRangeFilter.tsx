import { DATE_RANGE_PRESETS, dateRange } from '@printloom/core';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { TIME_RANGE_LABELS } from './constants.js';
import { isIncompleteCustomRange } from './listQuery.js';

interface TimeState {
  time: string;
  from: string;
  to: string;
}

/** The days a preset covers today in the seller's time zone (spec §9), e.g. '2026-11-17 – 2026-11-23'. */
export function describeRange(state: TimeState, utcOffset: number, now = Date.now()): string {
  if (state.time === '') return '';
  if (state.time === 'custom') {
    return isIncompleteCustomRange(state) ? 'Choose a start and an end date' : '';
  }
  try {
    const range = dateRange(state.time as (typeof DATE_RANGE_PRESETS)[number], now, utcOffset);
    return range.fromDate === range.toDate
      ? range.toDate
      : `${range.fromDate ?? '…'} – ${range.toDate}`;
  } catch {
    return '';
  }
}

/** Time range presets and a custom range (spec §3 date range presets). */
export function TimeRangeFilter(props: {
  value: TimeState;
  utcOffset: number;
  onChange: (change: TimeState) => void;
}) {
  const id = useId();
  const { value } = props;
  const hint = describeRange(value, props.utcOffset);
  return (
    <div className="d-flex flex-wrap gap-2 align-items-start">
      <Form.Group controlId={`${id}-time`}>
        <Form.Label visuallyHidden>Time range</Form.Label>
        <Form.Select
          value={value.time}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) =>
            props.onChange({ time: event.target.value, from: value.from, to: value.to })
          }
        >
          {(['', ...DATE_RANGE_PRESETS] as const).map((preset) => (
            <option key={preset} value={preset}>
              {TIME_RANGE_LABELS[preset]}
            </option>
          ))}
        </Form.Select>
        {hint ? (
          <Form.Text id={`${id}-hint`} className="d-block small">
            {hint}
          </Form.Text>
        ) : null}
      </Form.Group>
      {value.time === 'custom' ? (
        <>
          <Form.Group controlId={`${id}-from`}>
            <Form.Label visuallyHidden>From</Form.Label>
            <Form.Control
              type="date"
              value={value.from}
              max={value.to || undefined}
              onChange={(event) => props.onChange({ ...value, from: event.target.value })}
            />
          </Form.Group>
          <Form.Group controlId={`${id}-to`}>
            <Form.Label visuallyHidden>To</Form.Label>
            <Form.Control
              type="date"
              value={value.to}
              min={value.from || undefined}
              onChange={(event) => props.onChange({ ...value, to: event.target.value })}
            />
          </Form.Group>
        </>
      ) : null}
    </div>
  );
}
