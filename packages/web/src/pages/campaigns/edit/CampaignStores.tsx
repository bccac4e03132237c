import { can, type User } from '@printloom/core';
import {
  useCampaignStores,
  useSetCampaignStores,
  useStores,
} from '../../../api/hooks/useStores.js';
import { FormError } from '../../auth/FormError.js';

/**
 * The stores a saved campaign is listed in (issue 12): one checkbox per store of the seller;
 * ticking or unticking lists or unlists the campaign at once.
 */
export function CampaignStores({ campaignId, user }: { campaignId: number; user: User }) {
  const stores = useStores();
  const listed = useCampaignStores(campaignId);
  const save = useSetCampaignStores(campaignId);
  const mayChange = can(user, 'update_campaign');
  const ids = new Set(
    save.isPending && save.variables ? save.variables : (listed.data?.store_ids ?? []),
  );
  const toggle = (storeId: number, on: boolean) => {
    const next = new Set(ids);
    if (on) next.add(storeId);
    else next.delete(storeId);
    save.mutate([...next]);
  };
  if (stores.data?.length === 0) {
    return (
      <p className="small text-body-secondary mb-0">No stores yet: create one under Storefronts.</p>
    );
  }
  return (
    <fieldset disabled={!mayChange || !listed.isSuccess} aria-busy={save.isPending}>
      <legend className="h6">Listed in stores</legend>
      <FormError error={stores.error ?? listed.error ?? save.error} />
      {(stores.data ?? []).map((store) => (
        <div className="form-check" key={store.id}>
          <input
            className="form-check-input"
            type="checkbox"
            id={`campaign-store-${store.id}`}
            checked={ids.has(store.id)}
            onChange={(event) => toggle(store.id, event.target.checked)}
          />
          <label className="form-check-label" htmlFor={`campaign-store-${store.id}`}>
            {store.name}
          </label>
        </div>
      ))}
      {save.isSuccess ? (
        <span className="small text-body-secondary" role="status">
          Store campaigns saved.
        </span>
      ) : null}
    </fieldset>
  );
}
