import {
  SMS_TOPUP_MAX_AMOUNT,
  SMS_TOPUP_MIN_AMOUNT,
  type SmsTopupAnswer,
  toMinor,
} from '@printloom/core';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { z } from 'zod';
import { useBalance } from '../../api/hooks/useBalance.js';
import { useSmsTopup } from '../../api/hooks/useSmsTopup.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';
import { DollarAmount, money } from './money.js';

const PRESETS = [10, 25, 50, 100];

/** The top-up form: dollars typed, minor units sent (core SmsTopupBody checks them again). */
const TopupForm = z.object({
  amount: DollarAmount.refine(
    (value) => toMinor(value) >= SMS_TOPUP_MIN_AMOUNT && toMinor(value) <= SMS_TOPUP_MAX_AMOUNT,
    {
      message: `Between ${money(SMS_TOPUP_MIN_AMOUNT)} and ${money(SMS_TOPUP_MAX_AMOUNT)}`,
    },
  ),
});

/**
 * SMS credits (spec §2 /sms/topup and the sidebar widget): buy credits from the available
 * balance; one credit per cent. The purchase is a top-up in the transactions list.
 */
export function SmsTopupPage() {
  const title = usePageTitle();
  const balance = useBalance(true);
  const topup = useSmsTopup();
  const [done, setDone] = useState<SmsTopupAnswer | null>(null);
  const { form, formError } = useApiForm({
    schema: TopupForm,
    defaultValues: { amount: '' },
    serverError: topup.error,
  });
  const amountId = useId();
  const submit = form.handleSubmit((values) => {
    setDone(null);
    topup.mutate(
      { amount: toMinor(values.amount) },
      {
        onSuccess: (answer) => {
          setDone(answer);
          form.reset();
        },
      },
    );
  });
  const credits = done?.sms_credit ?? balance.data?.user_info.sms_credit;

  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <FormError error={balance.error} />
      <div className="row g-3 mb-4" style={{ maxWidth: 640 }}>
        <div className="col-6">
          <div className="card card-body">
            <h2 className="h6 text-body-secondary mb-1">SMS credits</h2>
            <p className="fs-4 fw-semibold mb-0" data-testid="sms-credit-amount">
              {credits === undefined ? '…' : credits.toLocaleString('en-US')}
            </p>
          </div>
        </div>
        <div className="col-6">
          <div className="card card-body">
            <h2 className="h6 text-body-secondary mb-1">Available balance</h2>
            <p className="fs-4 fw-semibold mb-0">
              {balance.data ? money(done?.available ?? balance.data.available) : '…'}
            </p>
          </div>
        </div>
      </div>
      <Form className="card card-body" style={{ maxWidth: 640 }} onSubmit={submit} noValidate>
        <h2 className="h5">Buy credits</h2>
        <p className="text-body-secondary small">
          Paid from your available balance: $1 buys 100 credits.
        </p>
        <FormError error={formError} />
        {done ? (
          <div className="alert alert-success" role="status">
            Credits added. You now have {done.sms_credit.toLocaleString('en-US')} credits.
          </div>
        ) : null}
        <fieldset className="d-flex flex-wrap gap-2 mb-3">
          <legend className="visually-hidden">Amounts</legend>
          {PRESETS.map((preset) => (
            <Button
              key={preset}
              variant="outline-primary"
              size="sm"
              onClick={() => form.setValue('amount', String(preset), { shouldValidate: true })}
            >
              {money(preset * 100)}
            </Button>
          ))}
        </fieldset>
        <Form.Group className="mb-3" controlId={amountId}>
          <Form.Label>Amount (USD)</Form.Label>
          <Form.Control
            type="number"
            inputMode="decimal"
            step="0.01"
            isInvalid={fieldError(form, 'amount') !== undefined}
            {...form.register('amount')}
          />
          <Form.Control.Feedback type="invalid">{fieldError(form, 'amount')}</Form.Control.Feedback>
        </Form.Group>
        <div>
          <Button type="submit" disabled={topup.isPending}>
            Buy credits
          </Button>
        </div>
      </Form>
    </>
  );
}
