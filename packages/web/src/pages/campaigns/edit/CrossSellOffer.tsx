import {
  CROSS_SELL_DEFAULT_PERCENT,
  CROSS_SELL_MAX_PERCENT,
  CROSS_SELL_MIN_PERCENT,
  can,
  type User,
} from '@printloom/core';
import { useEffect, useId, useState } from 'react';
import { useCrossSellOffer, useSetCrossSellOffer } from '../../../api/hooks/useCrossSelling.js';
import { FormError } from '../../auth/FormError.js';

/**
 * Cross-selling of a saved campaign (issue 14): open it to other sellers' stores with the
 * commission they earn, change the percent, or close it. A change applies to new sales only.
 */
export function CrossSellOfferControl({ campaignId, user }: { campaignId: number; user: User }) {
  const id = useId();
  const offer = useCrossSellOffer(campaignId);
  const save = useSetCrossSellOffer(campaignId);
  const [percent, setPercent] = useState(String(CROSS_SELL_DEFAULT_PERCENT));
  const current = offer.data;
  useEffect(() => {
    if (current?.commission_percent != null) setPercent(String(current.commission_percent));
  }, [current?.commission_percent]);
  const mayChange = can(user, 'update_campaign');
  const value = Number(percent);
  const valid =
    Number.isInteger(value) && value >= CROSS_SELL_MIN_PERCENT && value <= CROSS_SELL_MAX_PERCENT;
  return (
    <fieldset
      disabled={!mayChange || !offer.isSuccess || save.isPending}
      aria-busy={save.isPending}
    >
      <legend className="h6">Cross-selling</legend>
      <FormError error={offer.error ?? save.error} />
      <p className="small text-body-secondary mb-2">
        {current?.enabled
          ? `Open to other sellers’ stores at ${current.commission_percent}% commission · sold in ${current.stores} other store${current.stores === 1 ? '' : 's'}.`
          : 'Other sellers may sell this campaign in their stores for a commission once you open it.'}
      </p>
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <div>
          <label className="form-label small mb-1" htmlFor={`${id}-percent`}>
            Commission for the selling store (%)
          </label>
          <input
            id={`${id}-percent`}
            className={`form-control form-control-sm${valid ? '' : ' is-invalid'}`}
            type="number"
            min={CROSS_SELL_MIN_PERCENT}
            max={CROSS_SELL_MAX_PERCENT}
            step={1}
            style={{ width: 120 }}
            value={percent}
            onChange={(event) => setPercent(event.target.value)}
          />
        </div>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={!valid}
          onClick={() => save.mutate({ enabled: true, commission_percent: value })}
        >
          {current?.enabled ? 'Change percent' : 'Open to other stores'}
        </button>
        {current?.enabled ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            onClick={() =>
              save.mutate({
                enabled: false,
                commission_percent: current.commission_percent ?? CROSS_SELL_DEFAULT_PERCENT,
              })
            }
          >
            Stop cross-selling
          </button>
        ) : null}
      </div>
      {!valid ? (
        <div className="small text-danger" role="alert">
          Choose a whole percent from {CROSS_SELL_MIN_PERCENT} to {CROSS_SELL_MAX_PERCENT}.
        </div>
      ) : null}
      {save.isSuccess ? (
        <span className="small text-body-secondary" role="status">
          {save.data.enabled
            ? 'Cross-selling saved: stores that listed an earlier percent must add it again.'
            : 'Cross-selling stopped: other stores no longer sell it.'}
        </span>
      ) : null}
    </fieldset>
  );
}
