import {
  API,
  type Campaign,
  can,
  errorMessage,
  TEMPLATE_PRODUCT_TYPE,
  userDate,
} from '@printloom/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useParams } from 'react-router';
import { useMe } from '../../../api/hooks/useAuth.js';
import { useCampaignList } from '../../../api/hooks/useCampaignList.js';
import {
  useSaveAsTemplate,
  useStartFromTemplate,
} from '../../../api/hooks/useCampaignTemplates.js';
import { campaignQuery } from '../../../api/queries.js';
import { DataTable, type ListColumn, listColumns } from '../../../lists/DataTable.js';
import { ListLoadError } from '../../../lists/ListLoadError.js';
import { RowActions } from '../../../lists/RowActions.js';
import { useListUrlState } from '../../../lists/useListUrlState.js';
import { NotFoundPage } from '../../ErrorPage.js';
import { ListPagination } from '../../lists/ListPagination.js';
import { SearchBox } from '../../lists/SearchBox.js';
import { TEMPLATE_PATHS } from './paths.js';

/** Campaigns offered per search when saving one as a template. */
const SOURCE_SEARCH_SIZE = 8;

/**
 * Template campaigns (spec §2 /campaigns/template/*): `/campaigns/template` lists the seller's
 * templates and saves a campaign as one; `/campaigns/template/{id}` shows a template and starts
 * a draft campaign from it.
 */
export function TemplatesPage() {
  const rest = useParams()['*'] ?? '';
  const path = rest.replace(/\/+$/, '');
  if (path === '') return <TemplateList />;
  const id = Number(path);
  if (/^\d+$/.test(path) && Number.isSafeInteger(id) && id > 0) return <TemplateDetail id={id} />;
  return <NotFoundPage />;
}

type TemplateAction = 'use' | 'bulk' | 'edit';
const ACTION_LABELS: Record<TemplateAction, string> = {
  use: 'Use template',
  bulk: 'Bulk launch',
  edit: 'Edit in the editor',
};

function TemplateList() {
  const user = useMe();
  const navigate = useNavigate();
  const { query, raw, update } = useListUrlState(API.campaigns.list.query);
  const list = useCampaignList({ ...query, product_type: TEMPLATE_PRODUCT_TYPE });
  const canEdit = user ? can(user, 'update_campaign') : false;
  const utcOffset = user?.utc_offset ?? 0;
  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const page = list.data;
  const templates = page?.data ?? [];

  const columns = useMemo(() => {
    const column = listColumns<Campaign>();
    const go = (action: TemplateAction, template: Campaign) => {
      const to = {
        use: TEMPLATE_PATHS.detail(template.id),
        bulk: TEMPLATE_PATHS.bulk(template.id),
        edit: TEMPLATE_PATHS.edit(template.id),
      }[action];
      navigate(to);
    };
    const shown: ListColumn<Campaign>[] = [
      column.accessor('name', {
        id: 'name',
        header: 'Template',
        cell: ({ row }) => (
          <Link to={TEMPLATE_PATHS.detail(row.original.id)} className="fw-semibold">
            {row.original.name}
          </Link>
        ),
      }),
      column.display({
        id: 'created',
        header: 'Created',
        cell: ({ row }) => (
          <span className="small text-nowrap">
            {row.original.created_at ? userDate(row.original.created_at, utcOffset) : '—'}
          </span>
        ),
      }),
    ];
    if (!canEdit) return shown;
    return [
      ...shown,
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        cell: ({ row }) => (
          <RowActions
            name={row.original.name}
            items={(['use', 'bulk', 'edit'] as const).map((action) => ({
              action,
              label: ACTION_LABELS[action],
            }))}
            onAction={(action) => go(action, row.original)}
          />
        ),
      }),
    ];
  }, [canEdit, navigate, utcOffset]);

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Campaign Templates</h1>
        <Link to={TEMPLATE_PATHS.campaigns} className="btn btn-outline-secondary">
          All campaigns
        </Link>
      </div>
      <p className="text-body-secondary">
        A template keeps a campaign's products, colours, prices and design as a starting point:
        start a draft from it, or launch many campaigns from it with new artwork.
      </p>

      <div className="mb-3" style={{ maxWidth: 360 }}>
        <SearchBox value={raw.q ?? ''} onSearch={onSearch} label="Search templates" />
      </div>

      <ListLoadError error={list.error} onRetry={() => void list.refetch()} />

      <DataTable
        caption="Templates"
        columns={columns}
        rows={templates}
        rowId={(template) => template.id}
        loading={list.isPending}
        busy={list.isFetching}
        rowProps={(template) => ({ 'data-testid': 'template-row', 'data-id': template.id })}
      />

      {page && templates.length === 0 ? (
        <p className="text-center py-4 mb-0" data-testid="list-empty">
          {raw.q
            ? `No template matches “${raw.q}”.`
            : 'You have no templates yet: save one of your campaigns as a template below.'}
        </p>
      ) : null}

      {page && page.total > 0 ? (
        <ListPagination
          page={page.current_page}
          lastPage={page.last_page}
          total={page.total}
          totalIsCapped={page.total_is_capped}
          from={page.from}
          to={page.to}
          noun="templates"
          onPage={(next) => update({ page: next })}
        />
      ) : null}

      {canEdit ? <SaveAsTemplate /> : null}
    </>
  );
}

/** Picks one of the seller's campaigns and saves a copy of it as a template. */
function SaveAsTemplate() {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const onSearch = useCallback((text: string) => setQ(text), []);
  const results = useCampaignList({
    q: q || undefined,
    per_page: SOURCE_SEARCH_SIZE,
    product_type: 'campaign,campaign_express',
  });
  const save = useSaveAsTemplate();
  const campaigns = results.data?.data ?? [];

  const saveOne = async (campaign: Campaign) => {
    try {
      const template = await save.mutateAsync({ id: campaign.id, body: {} });
      navigate(TEMPLATE_PATHS.detail(template.id));
    } catch {
      // The error is shown under the list from the mutation's state.
    }
  };

  return (
    <section className="card mt-4" aria-labelledby="save-as-template">
      <div className="card-body">
        <h2 className="h5" id="save-as-template">
          Save a campaign as a template
        </h2>
        <div style={{ maxWidth: 360 }}>
          <SearchBox value={q} onSearch={onSearch} label="Search your campaigns" />
        </div>
        <ListLoadError error={results.error} onRetry={() => void results.refetch()} />
        {results.isPending ? (
          <p className="mt-2 mb-0">
            <Spinner as="span" size="sm" animation="border" className="me-2" aria-hidden="true" />
            Loading campaigns…
          </p>
        ) : campaigns.length === 0 ? (
          <p className="mt-2 mb-0 text-body-secondary">
            {q ? `No campaign matches “${q}”.` : 'You have no campaigns yet: create one first.'}
          </p>
        ) : (
          <ul className="list-group mt-2" style={{ maxWidth: 560 }} aria-label="Campaigns">
            {campaigns.map((campaign) => (
              <li
                key={campaign.id}
                className="list-group-item d-flex justify-content-between align-items-center gap-2"
              >
                <span>{campaign.name}</span>
                <Button
                  size="sm"
                  variant="outline-primary"
                  disabled={save.isPending}
                  onClick={() => void saveOne(campaign)}
                  aria-label={`Save ${campaign.name} as a template`}
                >
                  Save as template
                </Button>
              </li>
            ))}
          </ul>
        )}
        {save.error ? (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {errorMessage(save.error)}
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** A template: its products, colours, prices and designs, and "use template". */
function TemplateDetail({ id }: { id: number }) {
  const user = useMe();
  const canEdit = user ? can(user, 'update_campaign') : false;
  const template = useQuery(campaignQuery(id));

  if (template.isPending) {
    return (
      <p>
        <Spinner as="span" size="sm" animation="border" className="me-2" aria-hidden="true" />
        Loading the template…
      </p>
    );
  }
  if (template.isError) {
    return (
      <>
        <h1 className="h3">Campaign Template</h1>
        <ListLoadError error={template.error} onRetry={() => void template.refetch()} />
        <Link to={TEMPLATE_PATHS.list}>All templates</Link>
      </>
    );
  }
  const campaign = template.data;
  if (campaign.product_type !== TEMPLATE_PRODUCT_TYPE) {
    return (
      <>
        <h1 className="h3">Campaign Template</h1>
        <div className="alert alert-warning" role="alert">
          “{campaign.name}” is a campaign, not a template. Save it as a template first.
        </div>
        <Link to={TEMPLATE_PATHS.list}>All templates</Link>
      </>
    );
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{campaign.name}</h1>
        <div className="d-flex flex-wrap gap-2">
          <Link to={TEMPLATE_PATHS.list} className="btn btn-outline-secondary">
            All templates
          </Link>
          {canEdit ? (
            <>
              <Link to={TEMPLATE_PATHS.edit(campaign.id)} className="btn btn-outline-secondary">
                Edit in the editor
              </Link>
              <Link to={TEMPLATE_PATHS.bulk(campaign.id)} className="btn btn-outline-primary">
                Bulk launch
              </Link>
            </>
          ) : null}
        </div>
      </div>

      <section className="card mb-4" aria-labelledby="template-products">
        <div className="card-body">
          <h2 className="h5" id="template-products">
            Products
          </h2>
          {campaign.products.length === 0 ? (
            <p className="mb-0 text-body-secondary">This template has no products.</p>
          ) : (
            <table className="table table-sm mb-0">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Colours</th>
                  <th scope="col">Price</th>
                  <th scope="col">Designs</th>
                </tr>
              </thead>
              <tbody>
                {campaign.products.map((product) => (
                  <tr key={product.id} data-testid="template-product">
                    <td>{product.name ?? `Product #${product.id}`}</td>
                    <td>{product.options?.color?.join(', ') || '—'}</td>
                    <td>{product.price !== undefined ? product.price.toFixed(2) : '—'}</td>
                    <td>
                      {(product.designs ?? []).map((d) => d.print_space).join(', ') || 'none'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </section>

      {canEdit ? <UseTemplateForm template={campaign} /> : null}
    </>
  );
}

function UseTemplateForm({ template }: { template: Campaign }) {
  const navigate = useNavigate();
  const use = useStartFromTemplate();
  const [name, setName] = useState(template.name);
  const [slug, setSlug] = useState('');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const made = await use.mutateAsync({
        id: template.id,
        body: {
          ...(name.trim() ? { name: name.trim() } : {}),
          ...(slug.trim() ? { slug: slug.trim() } : {}),
        },
      });
      navigate(TEMPLATE_PATHS.edit(made.id));
    } catch {
      // Shown from the mutation's state.
    }
  };

  return (
    <section className="card" aria-labelledby="use-template">
      <div className="card-body">
        <h2 className="h5" id="use-template">
          Use this template
        </h2>
        <p className="small text-body-secondary">
          A new draft campaign gets this template's products, colours, prices and design; it opens
          in the editor.
        </p>
        <Form onSubmit={(event) => void submit(event)} className="d-grid gap-3 col-md-6">
          <Form.Group controlId="use-template-name">
            <Form.Label>Campaign name</Form.Label>
            <Form.Control
              value={name}
              maxLength={255}
              required
              onChange={(event) => setName(event.target.value)}
            />
          </Form.Group>
          <Form.Group controlId="use-template-slug">
            <Form.Label>Slug (optional)</Form.Label>
            <Form.Control
              value={slug}
              placeholder="made from the name"
              onChange={(event) => setSlug(event.target.value)}
            />
          </Form.Group>
          {use.error ? (
            <div className="alert alert-danger mb-0" role="alert">
              {errorMessage(use.error)}
            </div>
          ) : null}
          <div>
            <Button type="submit" disabled={use.isPending}>
              {use.isPending ? 'Creating…' : 'Create campaign from template'}
            </Button>
          </div>
        </Form>
      </div>
    </section>
  );
}
