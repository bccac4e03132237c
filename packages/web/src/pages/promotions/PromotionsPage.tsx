import {
  can,
  formatCurrency,
  PROMOTION_STATUSES,
  PROMOTION_TYPES,
  type Promotion,
  type PromotionStatus,
  type PromotionType,
  promotionOffer,
  toMajor,
  userDateTime,
} from '@printloom/core';
import { useEffect, useId, useMemo, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useMe } from '../../api/hooks/useAuth.js';
import { useCampaignList } from '../../api/hooks/useCampaignList.js';
import { useCollections } from '../../api/hooks/useCollections.js';
import {
  useCreatePromotion,
  useDeletePromotion,
  usePromotions,
  useUpdatePromotion,
} from '../../api/hooks/usePromotions.js';
import { useStores } from '../../api/hooks/useStores.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { RowActionDialog } from '../../lists/RowActionDialog.js';
import { FormError } from '../auth/FormError.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { SearchBox } from '../lists/SearchBox.js';
import { usePageTitle } from '../usePageTitle.js';
import { promotionFormSchema, promotionFormValues, toPromotionBody } from './promotionForm.js';

export const TYPE_LABELS: Record<PromotionType, string> = {
  percent: 'Percent off',
  fixed: 'Amount off',
  free_shipping: 'Free shipping',
  bogo: 'Buy X get Y',
};
const STATUS_LOOK: Record<PromotionStatus, { label: string; bg: string }> = {
  running: { label: 'Running', bg: 'success' },
  scheduled: { label: 'Scheduled', bg: 'info' },
  ended: { label: 'Ended', bg: 'secondary' },
  used_up: { label: 'Used up', bg: 'warning' },
};

/**
 * Promotions (spec §2 /promotions): the seller's coupon codes per store with what they give,
 * their dates, uses and status; a member with update_campaign creates, edits and deletes them
 * in the editor above the list.
 */
export function PromotionsPage() {
  const title = usePageTitle();
  const user = useMe();
  const mayChange = user ? can(user, 'update_campaign') : false;
  const utcOffset = user?.utc_offset ?? 0;
  const [q, setQ] = useState('');
  const [storeId, setStoreId] = useState('');
  const [status, setStatus] = useState('');
  const query = {
    ...(q ? { q } : {}),
    ...(storeId ? { store_id: Number(storeId) } : {}),
    ...(status ? { status: status as PromotionStatus } : {}),
  };
  const list = usePromotions(query);
  const stores = useStores();
  const [editing, setEditing] = useState<Promotion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Promotion | null>(null);
  const promotions = list.data ?? [];
  const storeOf = (id: number | null) => stores.data?.find((s) => s.id === id);
  const filtered = q !== '' || storeId !== '' || status !== '';

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        {mayChange && editing === null ? (
          <Button onClick={() => setEditing('new')}>New promotion</Button>
        ) : null}
      </div>
      {editing !== null ? (
        <PromotionEditor
          key={editing === 'new' ? 'new' : editing.id}
          promotion={editing === 'new' ? null : editing}
          utcOffset={utcOffset}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <SearchBox value={q} label="Search promotions by code or name" onSearch={setQ} />
        <FilterSelect
          label="Store"
          value={storeId}
          allLabel="All stores"
          options={(stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          onChange={setStoreId}
        />
        <FilterSelect
          label="Status"
          value={status}
          allLabel="Any status"
          options={PROMOTION_STATUSES.map((s) => ({ value: s, label: STATUS_LOOK[s].label }))}
          onChange={setStatus}
        />
      </div>
      <FormError error={list.error} />
      <div className="table-responsive mt-3">
        <Table className="align-middle" aria-busy={list.isFetching}>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Store</th>
              <th scope="col">Offer</th>
              <th scope="col">Runs</th>
              <th scope="col">Uses</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody data-testid="promotion-rows">
            {list.isPending
              ? [0, 1, 2].map((n) => (
                  <tr key={n} className="placeholder-glow">
                    <td colSpan={7}>
                      <span className="placeholder col-8" />
                    </td>
                  </tr>
                ))
              : null}
            {promotions.map((promotion) => {
              const store = storeOf(promotion.store_id);
              return (
                <tr key={promotion.id}>
                  <td>
                    <span className="fw-semibold font-monospace">{promotion.code}</span>
                    {promotion.name ? (
                      <div className="small text-body-secondary">{promotion.name}</div>
                    ) : null}
                  </td>
                  <td>{promotion.store_id === null ? 'All stores' : (store?.name ?? '—')}</td>
                  <td>
                    {promotionOffer(promotion, store?.currency ?? 'USD')}
                    {promotion.min_subtotal ? (
                      <div className="small text-body-secondary">
                        Orders from{' '}
                        {formatCurrency(toMajor(promotion.min_subtotal), store?.currency ?? 'USD')}
                      </div>
                    ) : null}
                    {promotion.campaign_ids.length + promotion.collection_ids.length > 0 ? (
                      <div className="small text-body-secondary">
                        {promotion.campaign_ids.length} campaigns, {promotion.collection_ids.length}{' '}
                        collections
                      </div>
                    ) : null}
                  </td>
                  <td className="small">
                    {promotion.starts_at ? userDateTime(promotion.starts_at, utcOffset) : 'Now'}
                    {' – '}
                    {promotion.ends_at ? userDateTime(promotion.ends_at, utcOffset) : 'no end'}
                  </td>
                  <td>
                    {promotion.used}
                    {promotion.usage_limit !== null ? ` / ${promotion.usage_limit}` : ''}
                    {promotion.per_buyer_limit !== null ? (
                      <div className="small text-body-secondary">
                        {promotion.per_buyer_limit} per buyer
                      </div>
                    ) : null}
                  </td>
                  <td>
                    <Badge bg={STATUS_LOOK[promotion.status].bg} data-status={promotion.status}>
                      {STATUS_LOOK[promotion.status].label}
                    </Badge>
                  </td>
                  <td className="text-end text-nowrap">
                    {mayChange ? (
                      <>
                        <Button
                          size="sm"
                          variant="outline-primary"
                          className="me-1"
                          aria-label={`Edit ${promotion.code}`}
                          onClick={() => setEditing(promotion)}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="outline-danger"
                          aria-label={`Delete ${promotion.code}`}
                          onClick={() => setDeleting(promotion)}
                        >
                          Delete
                        </Button>
                      </>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </div>
      {list.isSuccess && promotions.length === 0 ? (
        <div className="text-center py-4" data-testid="list-empty">
          {filtered ? (
            <>
              <p>No promotion matches these filters.</p>
              <Button
                variant="link"
                onClick={() => {
                  setQ('');
                  setStoreId('');
                  setStatus('');
                }}
              >
                Clear filters
              </Button>
            </>
          ) : (
            <p>
              No promotions yet.
              {mayChange ? ' Create a coupon code to offer a discount in one of your stores.' : ''}
            </p>
          )}
        </div>
      ) : null}
      <DeleteDialog promotion={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

const CAMPAIGN_PAGE = 20;

function PromotionEditor({
  promotion,
  utcOffset,
  onDone,
}: {
  promotion: Promotion | null;
  utcOffset: number;
  onDone: () => void;
}) {
  const create = useCreatePromotion();
  const update = useUpdatePromotion();
  const save = promotion ? update : create;
  const stores = useStores();
  const collections = useCollections();
  const schema = useMemo(() => promotionFormSchema(utcOffset), [utcOffset]);
  const firstStore = stores.data?.[0]?.id ?? null;
  const { form, formError } = useApiForm({
    schema,
    defaultValues: promotionFormValues(promotion, firstStore, utcOffset),
    serverError: save.error,
  });
  // A new promotion goes to the first store once the stores have loaded.
  useEffect(() => {
    if (!promotion && firstStore !== null && form.getValues('store_id') === '') {
      form.setValue('store_id', String(firstStore));
    }
  }, [promotion, firstStore, form]);
  const id = useId();
  const type = form.watch('type');
  const campaignIds = form.watch('campaign_ids');
  const collectionIds = form.watch('collection_ids');
  const submit = form.handleSubmit((values) => {
    const body = toPromotionBody(values, utcOffset);
    if (promotion) update.mutate({ id: promotion.id, body }, { onSuccess: onDone });
    else create.mutate(body, { onSuccess: onDone });
  });
  const field = (
    name: Parameters<typeof form.register>[0],
    label: string,
    props: Record<string, unknown> = {},
    help?: string,
  ) => {
    const error = fieldError(form, name);
    return (
      <Form.Group controlId={`${id}-${name}`} className="col-sm-6 col-lg-4">
        <Form.Label>{label}</Form.Label>
        <Form.Control {...form.register(name)} {...props} isInvalid={Boolean(error)} />
        {help ? <Form.Text>{help}</Form.Text> : null}
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
    );
  };
  const toggle = (name: 'campaign_ids' | 'collection_ids', value: number, on: boolean) => {
    const current = form.getValues(name);
    form.setValue(name, on ? [...current, value] : current.filter((c) => c !== value), {
      shouldDirty: true,
    });
  };

  return (
    <Form
      className="card card-body mb-4"
      onSubmit={submit}
      noValidate
      aria-label={promotion ? `Edit promotion ${promotion.code}` : 'New promotion'}
    >
      <h2 className="h5">{promotion ? `Edit ${promotion.code}` : 'New promotion'}</h2>
      <FormError error={formError} />
      <div className="row g-3">
        <Form.Group controlId={`${id}-store`} className="col-sm-6 col-lg-4">
          <Form.Label>Store</Form.Label>
          <Form.Select
            {...form.register('store_id')}
            isInvalid={Boolean(fieldError(form, 'store_id'))}
          >
            <option value="">Choose a store</option>
            {(stores.data ?? []).map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.name}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">
            {fieldError(form, 'store_id')}
          </Form.Control.Feedback>
        </Form.Group>
        {field(
          'code',
          'Code',
          { autoComplete: 'off', maxLength: 40 },
          'Buyers type it at checkout; any case works.',
        )}
        {field('name', 'Name (optional)', { maxLength: 120 })}
        <Form.Group controlId={`${id}-type`} className="col-sm-6 col-lg-4">
          <Form.Label>Type</Form.Label>
          <Form.Select {...form.register('type')}>
            {PROMOTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {type === 'percent' ? field('value', 'Percent off', { inputMode: 'numeric' }) : null}
        {type === 'fixed'
          ? field(
              'value',
              'Amount off',
              { inputMode: 'decimal' },
              'In the store currency, e.g. 5.50',
            )
          : null}
        {type === 'bogo' ? (
          <>
            {field('buy_quantity', 'Buy (units)', { inputMode: 'numeric' })}
            {field(
              'get_quantity',
              'Get (units)',
              { inputMode: 'numeric' },
              'The cheapest units of each group.',
            )}
            {field(
              'value',
              'Percent off the units got',
              { inputMode: 'numeric' },
              '100 makes them free.',
            )}
          </>
        ) : null}
        {field(
          'starts_at',
          'Starts',
          { type: 'datetime-local' },
          `Your time (UTC${utcOffset >= 0 ? '+' : ''}${utcOffset}); empty: now`,
        )}
        {field('ends_at', 'Ends', { type: 'datetime-local' }, 'Empty: no end')}
        {field('min_subtotal', 'Minimum subtotal', { inputMode: 'decimal' }, 'Empty: any order')}
        {field(
          'usage_limit',
          'Uses in total',
          { inputMode: 'numeric' },
          'Paid orders; empty: no limit',
        )}
        {field(
          'per_buyer_limit',
          'Uses per buyer',
          { inputMode: 'numeric' },
          'By email; empty: no limit',
        )}
      </div>
      <fieldset className="mt-3">
        <legend className="h6">Limit to collections or campaigns</legend>
        <p className="small text-body-secondary mb-2">
          Nothing chosen: every product of the store. {campaignIds.length} campaigns and{' '}
          {collectionIds.length} collections chosen.
        </p>
        <div className="row">
          <div className="col-md-6">
            <div className="fw-semibold small mb-1">Collections</div>
            {(collections.data ?? []).map((c) => (
              <Form.Check
                key={c.id}
                id={`${id}-collection-${c.id}`}
                label={c.name}
                checked={collectionIds.includes(c.id)}
                onChange={(e) => toggle('collection_ids', c.id, e.target.checked)}
              />
            ))}
            {collections.isSuccess && (collections.data ?? []).length === 0 ? (
              <p className="small">No collections.</p>
            ) : null}
          </div>
          <div className="col-md-6">
            <CampaignPicker
              selected={campaignIds}
              onToggle={(campaignId, on) => toggle('campaign_ids', campaignId, on)}
            />
          </div>
        </div>
        {fieldError(form, 'campaign_ids') ? (
          <div className="text-danger small">{fieldError(form, 'campaign_ids')}</div>
        ) : null}
      </fieldset>
      <div className="d-flex gap-2 mt-3">
        <Button type="submit" disabled={save.isPending}>
          {promotion ? 'Save promotion' : 'Create promotion'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function CampaignPicker({
  selected,
  onToggle,
}: {
  selected: readonly number[];
  onToggle: (id: number, on: boolean) => void;
}) {
  const [q, setQ] = useState('');
  const list = useCampaignList({ q, page: 1, per_page: CAMPAIGN_PAGE });
  const campaigns = list.data?.data ?? [];
  return (
    <div aria-busy={list.isFetching}>
      <div className="fw-semibold small mb-1">Campaigns</div>
      <SearchBox value={q} label="Search campaigns" onSearch={setQ} />
      <div className="mt-2">
        {campaigns.map((campaign) => (
          <Form.Check
            key={campaign.id}
            id={`promotion-campaign-${campaign.id}`}
            label={campaign.name}
            checked={selected.includes(campaign.id)}
            onChange={(e) => onToggle(campaign.id, e.target.checked)}
          />
        ))}
        {list.isSuccess && campaigns.length === 0 ? (
          <p className="small">No campaigns found.</p>
        ) : null}
      </div>
    </div>
  );
}

function DeleteDialog({
  promotion,
  onClose,
}: {
  promotion: Promotion | null;
  onClose: () => void;
}) {
  return (
    <RowActionDialog
      id="delete-promotion"
      title="Delete promotion"
      actionLabel="Delete"
      row={promotion}
      action={useDeletePromotion()}
      onClose={onClose}
    >
      Delete <strong>{promotion?.code}</strong>? Buyers can no longer use it; orders that used it
      keep their discount.
    </RowActionDialog>
  );
}
