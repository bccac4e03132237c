import {
  ARTWORK_UPLOAD_PREFIX,
  absoluteProductUrl,
  type Campaign,
  type CampaignProductType,
  can,
  EXPRESS_FINAL_STAGES,
  type ExpressLaunch,
  type ExpressStage,
  errorMessage,
  expressPrintQuality,
  pagePath,
  slugify,
  TEMPLATE_PRODUCT_TYPE,
  userDate,
} from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../../api/client.js';
import { useMe } from '../../../api/hooks/useAuth.js';
import { useCampaignList } from '../../../api/hooks/useCampaignList.js';
import { useStoreBaseUrl } from '../../../api/hooks/useStoreBaseUrl.js';
import { campaignQuery } from '../../../api/queries.js';
import { queryKeys } from '../../../api/queryKeys.js';
import { decodeImage } from '../../../editor/imageCache.js';
import { NotFoundPage } from '../../ErrorPage.js';
import { SearchBox } from '../../lists/SearchBox.js';

/** Addresses of the express pages, from the page table (spec §2 /campaigns/express/*). */
export const EXPRESS_PATHS = {
  launch: pagePath('campaign_express'),
  detail: (id: number) => pagePath('campaign_express', { '*': id }),
  edit: (id: number) => pagePath('campaign_edit', { id }),
  templates: pagePath('campaign_template'),
} as const;

/** How often a launch still on its way is asked about. */
export const EXPRESS_POLL_MS = 2000;
const SOURCES_PER_SEARCH = 8;
const RECENT_LAUNCHES = 10;

const STAGE_TEXT: Record<ExpressStage, string> = {
  queued: 'Waiting for a bulk worker',
  rendering: 'Drawing designs and mockups',
  launched: 'Launched',
  draft: 'Saved as a draft',
  failed: 'Failed',
  stopped: 'Stopped',
};
const STAGE_VARIANT: Record<ExpressStage, string> = {
  queued: 'secondary',
  rendering: 'info',
  launched: 'success',
  draft: 'warning',
  failed: 'danger',
  stopped: 'secondary',
};
const STAGE_PERCENT: Record<ExpressStage, number> = {
  queued: 10,
  rendering: 55,
  launched: 100,
  draft: 100,
  failed: 100,
  stopped: 100,
};
const QUALITY_VARIANT = { good: 'success', normal: 'warning', low: 'danger' } as const;

/**
 * Campaign express (spec §2 /campaigns/express/*): `/campaigns/express` launches a campaign
 * from a template and one artwork in one step and lists recent launches;
 * `/campaigns/express/{id}` follows one launch until its campaign is on sale.
 */
export function ExpressPage() {
  const path = (useParams()['*'] ?? '').replace(/\/+$/, '');
  if (path === '' || path === 'new') return <ExpressLaunchForm />;
  const id = Number(path);
  if (/^\d+$/.test(path) && Number.isSafeInteger(id) && id > 0) return <ExpressProgress id={id} />;
  return <NotFoundPage />;
}

function StageBadge({ stage }: { stage: ExpressStage }) {
  return (
    <span className={`badge text-bg-${STAGE_VARIANT[stage]}`} data-testid="express-stage">
      {STAGE_TEXT[stage]}
    </span>
  );
}

/** Step 1: the template (or, switched, any campaign) the launch copies, with its picture. */
function SourcePicker(props: {
  picked: number | undefined;
  onPick: (campaign: Pick<Campaign, 'id' | 'name'>) => void;
}) {
  const [q, setQ] = useState('');
  const [type, setType] = useState<CampaignProductType>(TEMPLATE_PRODUCT_TYPE);
  const onSearch = useCallback((text: string) => setQ(text), []);
  const list = useCampaignList({
    q: q || undefined,
    per_page: SOURCES_PER_SEARCH,
    order_by: 'id:desc',
    product_type: type,
  });
  const templates = type === TEMPLATE_PRODUCT_TYPE;
  const rows = list.data?.data ?? [];
  return (
    <fieldset>
      <legend className="fs-6 fw-semibold">1. Template</legend>
      <div className="d-flex flex-wrap gap-3 align-items-end mb-2">
        <div style={{ maxWidth: 360 }}>
          <SearchBox
            value={q}
            onSearch={onSearch}
            label={templates ? 'Search your templates' : 'Search your campaigns'}
          />
        </div>
        <Form.Check
          type="switch"
          id="express-any-campaign"
          label="Start from one of my campaigns instead"
          checked={!templates}
          onChange={(event) => setType(event.target.checked ? 'campaign' : TEMPLATE_PRODUCT_TYPE)}
        />
      </div>
      {list.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorMessage(list.error)}
        </div>
      ) : list.isPending ? (
        <p>
          <Spinner as="span" size="sm" animation="border" className="me-2" aria-hidden="true" />
          Loading…
        </p>
      ) : rows.length === 0 ? (
        <p className="text-body-secondary">
          {q ? (
            `Nothing matches “${q}”.`
          ) : templates ? (
            <>
              You have no templates yet:{' '}
              <Link to={EXPRESS_PATHS.templates}>save a campaign as a template</Link> first.
            </>
          ) : (
            'You have no campaigns yet.'
          )}
        </p>
      ) : (
        <ListGroup
          role="group"
          aria-label={templates ? 'Templates' : 'Campaigns'}
          style={{ maxWidth: 560 }}
        >
          {rows.map((campaign) => {
            const chosen = campaign.id === props.picked;
            return (
              <ListGroup.Item
                key={campaign.id}
                action
                active={chosen}
                aria-pressed={chosen}
                onClick={() => props.onPick(campaign)}
                className="d-flex align-items-center gap-3"
              >
                {campaign.thumb_url ? (
                  <img
                    src={campaign.thumb_url}
                    alt=""
                    width={48}
                    height={48}
                    className="rounded object-fit-cover"
                  />
                ) : (
                  <span
                    className="rounded bg-body-secondary d-inline-block"
                    style={{ width: 48, height: 48 }}
                    aria-hidden="true"
                  />
                )}
                <span className="flex-grow-1">{campaign.name}</span>
                <small>#{campaign.id}</small>
              </ListGroup.Item>
            );
          })}
        </ListGroup>
      )}
    </fieldset>
  );
}

interface PickedArtwork {
  file: File;
  width: number;
  height: number;
}

/** The print spaces of the source's products, each once by name. */
function printSpacesOf(source: Campaign | undefined) {
  const seen = new Map<
    string,
    { name: string; width: number; height: number; DPI: number; minDPI: number }
  >();
  for (const product of source?.products ?? []) {
    let spaces: unknown;
    try {
      spaces = JSON.parse(product.print_spaces);
    } catch {
      continue;
    }
    if (!Array.isArray(spaces)) continue;
    for (const space of spaces) {
      if (!space || typeof space !== 'object') continue;
      const s = space as Record<string, unknown>;
      const name = typeof s.name === 'string' ? s.name : '';
      const width = Number(s.width);
      const height = Number(s.height);
      if (!name || !(width > 0) || !(height > 0) || seen.has(name)) continue;
      seen.set(name, {
        name,
        width,
        height,
        DPI: Number(s.DPI) > 0 ? Number(s.DPI) : 300,
        minDPI: Number(s.minDPI) > 0 ? Number(s.minDPI) : 150,
      });
    }
  }
  return [...seen.values()];
}

function ExpressLaunchForm() {
  const user = useMe();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [sourceId, setSourceId] = useState<number | undefined>();
  const [artwork, setArtwork] = useState<PickedArtwork | null>(null);
  const [artworkProblem, setArtworkProblem] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [prices, setPrices] = useState<Record<number, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const canLaunch = user ? can(user, 'update_campaign') : false;

  const source = useQuery({ ...campaignQuery(sourceId ?? 0), enabled: sourceId !== undefined });
  const spaces = useMemo(() => printSpacesOf(source.data), [source.data]);
  const quality = artwork ? expressPrintQuality(artwork, spaces) : [];

  const pickArtwork = async (file: File | undefined) => {
    setArtworkProblem(null);
    if (!file) return;
    try {
      const image = await decodeImage(file);
      setArtwork({ file, width: image.width, height: image.height });
      if (!name) {
        const base = file.name
          .replace(/\.[^.]+$/, '')
          .replace(/[_-]+/g, ' ')
          .trim();
        setName(base);
        if (!slugEdited) setSlug(slugify(base));
      }
    } catch {
      setArtwork(null);
      setArtworkProblem('This file cannot be read as an image: choose a PNG, JPEG or WebP file.');
    }
  };

  const launch = useMutation({
    mutationFn: async () => {
      if (!sourceId || !artwork) throw new Error('Choose a template and an artwork first.');
      const uploaded = await api.uploads.uploadFile({
        file: artwork.file,
        fileName: `${Date.now()}_${artwork.file.name.replace(/[^A-Za-z0-9._-]/g, '_')}`,
        filePath: `${ARTWORK_UPLOAD_PREFIX}/${sourceId}`,
      });
      const priced = Object.entries(prices)
        .filter(([, value]) => value.trim() !== '')
        .map(([id, value]) => ({ product_id: Number(id), price: Number(value) }));
      return api.campaignExpress.launch({
        body: {
          source_campaign_id: sourceId,
          artwork_url: uploaded.fileUrl,
          name: name.trim(),
          ...(slug.trim() ? { slug: slug.trim() } : {}),
          prices: priced,
        },
      });
    },
    onSuccess: (launched) => {
      void client.invalidateQueries({ queryKey: queryKeys.campaignExpress.all });
      navigate(EXPRESS_PATHS.detail(launched.id));
    },
    onError: (error) => {
      setProblem(errorMessage(error));
      const errors = (error as { errors?: Record<string, string[]> }).errors ?? {};
      setFieldErrors(
        Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list[0] ?? ''])),
      );
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setFieldErrors({});
    const errors: Record<string, string> = {};
    if (!sourceId) errors.source_campaign_id = 'Choose a template.';
    if (!artwork) errors.artwork_url = 'Choose the artwork file.';
    if (!name.trim()) errors.name = 'Campaign name is required';
    if (slug.trim() && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug.trim())) {
      errors.slug = 'Slug may hold lowercase letters, digits and dashes';
    }
    for (const [id, value] of Object.entries(prices)) {
      if (value.trim() === '') continue;
      const price = Number(value);
      if (
        !Number.isFinite(price) ||
        price < 0 ||
        Math.abs(price * 100 - Math.round(price * 100)) > 1e-6
      ) {
        errors[`price_${id}`] = 'A price is a positive amount with at most 2 decimals.';
      }
    }
    if (Object.keys(errors).length > 0) {
      setFieldErrors(errors);
      return;
    }
    launch.mutate();
  };

  return (
    <div>
      <h1 className="h3 mb-1">Express campaign</h1>
      <p className="text-body-secondary">
        Pick a template, add one artwork and launch: the campaign is drawn from the template and
        goes on sale as soon as its mockups are ready.
      </p>
      {!canLaunch ? (
        <div className="alert alert-info">You may see express launches but not start one.</div>
      ) : (
        <Form noValidate onSubmit={submit} className="mb-5" aria-label="Express launch">
          <SourcePicker
            picked={sourceId}
            onPick={(campaign) => {
              setSourceId(campaign.id);
              setPrices({});
            }}
          />
          {fieldErrors.source_campaign_id ? (
            <div className="text-danger small mt-1">{fieldErrors.source_campaign_id}</div>
          ) : null}

          {sourceId !== undefined ? (
            <div className="mt-3" data-testid="express-source">
              {source.isPending ? (
                <p>
                  <Spinner
                    as="span"
                    size="sm"
                    animation="border"
                    className="me-2"
                    aria-hidden="true"
                  />
                  Loading the template…
                </p>
              ) : source.isError ? (
                <div className="alert alert-danger" role="alert">
                  {errorMessage(source.error)}
                </div>
              ) : (
                <p className="mb-0">
                  Copies <strong>{source.data.name}</strong>: {source.data.products.length}{' '}
                  {source.data.products.length === 1 ? 'product' : 'products'}, print spaces{' '}
                  {spaces.map((s) => s.name).join(', ') || 'none'}.
                </p>
              )}
            </div>
          ) : null}

          <fieldset className="mt-4">
            <legend className="fs-6 fw-semibold">2. Artwork</legend>
            <Form.Group controlId="express-artwork" style={{ maxWidth: 420 }}>
              <Form.Label>Artwork file</Form.Label>
              <Form.Control
                type="file"
                accept="image/png,image/jpeg,image/webp"
                isInvalid={Boolean(fieldErrors.artwork_url || artworkProblem)}
                onChange={(event) =>
                  void pickArtwork((event.target as HTMLInputElement).files?.[0])
                }
              />
              <Form.Control.Feedback type="invalid">
                {fieldErrors.artwork_url || artworkProblem}
              </Form.Control.Feedback>
            </Form.Group>
            {artwork ? (
              <div className="mt-2 small" data-testid="express-quality">
                <p className="mb-1">
                  {artwork.file.name}: {artwork.width} × {artwork.height} px, contained and centred
                  on each print space.
                </p>
                {quality.length === 0 ? (
                  <p className="text-body-secondary mb-0">
                    Choose a template to see the print quality.
                  </p>
                ) : (
                  <ul className="list-unstyled mb-0">
                    {quality.map((q) => (
                      <li
                        key={q.print_space}
                        className="d-flex gap-2 align-items-center"
                        data-quality={q.label}
                      >
                        <span>Print quality on {q.print_space}</span>
                        <span className={`badge text-bg-${QUALITY_VARIANT[q.label]}`}>
                          {q.label}
                        </span>
                        <span className="text-body-secondary">{q.dpi} DPI</span>
                      </li>
                    ))}
                  </ul>
                )}
                {quality.some((q) => q.label === 'low') ? (
                  <p className="text-danger mb-0 mt-1">
                    This artwork will print blurry: use a larger file if you can.
                  </p>
                ) : null}
              </div>
            ) : null}
          </fieldset>

          <fieldset className="mt-4" style={{ maxWidth: 560 }}>
            <legend className="fs-6 fw-semibold">3. Name, address and prices</legend>
            <Form.Group controlId="express-name" className="mb-2">
              <Form.Label>Campaign name</Form.Label>
              <Form.Control
                value={name}
                maxLength={255}
                isInvalid={Boolean(fieldErrors.name)}
                onChange={(event) => {
                  setName(event.target.value);
                  if (!slugEdited) setSlug(slugify(event.target.value));
                }}
              />
              <Form.Control.Feedback type="invalid">{fieldErrors.name}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group controlId="express-slug" className="mb-2">
              <Form.Label>Slug</Form.Label>
              <Form.Control
                value={slug}
                isInvalid={Boolean(fieldErrors.slug)}
                aria-describedby="express-slug-help"
                onChange={(event) => {
                  setSlug(event.target.value);
                  setSlugEdited(true);
                }}
              />
              <Form.Text id="express-slug-help">
                The product page address. Left empty, one is made from the name.
              </Form.Text>
              <Form.Control.Feedback type="invalid">{fieldErrors.slug}</Form.Control.Feedback>
            </Form.Group>
            {source.data && source.data.products.length > 0 ? (
              <Table size="sm" className="mt-2" aria-label="Prices">
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Price</th>
                  </tr>
                </thead>
                <tbody>
                  {source.data.products.map((product) => (
                    <tr key={product.id}>
                      <td>
                        <label htmlFor={`express-price-${product.id}`}>
                          {product.name ?? `Product #${product.id}`}
                        </label>
                      </td>
                      <td>
                        <Form.Control
                          id={`express-price-${product.id}`}
                          size="sm"
                          inputMode="decimal"
                          placeholder={
                            product.price !== undefined ? product.price.toFixed(2) : 'Price'
                          }
                          value={prices[product.id] ?? ''}
                          isInvalid={Boolean(fieldErrors[`price_${product.id}`])}
                          onChange={(event) =>
                            setPrices((p) => ({ ...p, [product.id]: event.target.value }))
                          }
                        />
                        <Form.Control.Feedback type="invalid">
                          {fieldErrors[`price_${product.id}`]}
                        </Form.Control.Feedback>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            ) : null}
          </fieldset>

          {problem ? (
            <div className="alert alert-danger mt-3" role="alert">
              {problem}
            </div>
          ) : null}
          <Button type="submit" className="mt-3" disabled={launch.isPending}>
            {launch.isPending ? (
              <>
                <Spinner
                  as="span"
                  size="sm"
                  animation="border"
                  className="me-2"
                  aria-hidden="true"
                />
                Launching…
              </>
            ) : (
              'Launch'
            )}
          </Button>
        </Form>
      )}
      <RecentLaunches />
    </div>
  );
}

function RecentLaunches() {
  const user = useMe();
  const query = { page: 1, per_page: RECENT_LAUNCHES };
  const list = useQuery({
    queryKey: queryKeys.campaignExpress.list(query),
    queryFn: () => api.campaignExpress.list({ query }),
  });
  const rows = list.data?.data ?? [];
  return (
    <section aria-labelledby="express-recent">
      <h2 id="express-recent" className="h5">
        Recent express launches
      </h2>
      {list.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorMessage(list.error)}
        </div>
      ) : list.isPending ? (
        <p>Loading…</p>
      ) : rows.length === 0 ? (
        <p className="text-body-secondary">No express launch yet.</p>
      ) : (
        <Table size="sm" responsive aria-label="Recent express launches">
          <thead>
            <tr>
              <th scope="col">Campaign</th>
              <th scope="col">From</th>
              <th scope="col">Stage</th>
              <th scope="col">Started</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <Link to={EXPRESS_PATHS.detail(row.id)}>{row.name}</Link>
                </td>
                <td>{row.source_name ?? '—'}</td>
                <td>
                  <StageBadge stage={row.stage} />
                </td>
                <td className="small">{userDate(row.created_at, user?.utc_offset ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

function ExpressProgress({ id }: { id: number }) {
  const user = useMe();
  const client = useQueryClient();
  const { baseUrl } = useStoreBaseUrl(user);
  const launch = useQuery({
    queryKey: queryKeys.campaignExpress.detail(id),
    queryFn: () => api.campaignExpress.get({ params: { id } }),
    refetchInterval: (query) => {
      const stage = query.state.data?.stage;
      return stage && EXPRESS_FINAL_STAGES.includes(stage) ? false : EXPRESS_POLL_MS;
    },
  });
  const retry = useMutation({
    mutationFn: () => api.campaignExpress.retry({ params: { id } }),
    onSuccess: (data) => {
      client.setQueryData(queryKeys.campaignExpress.detail(id), data);
      void client.invalidateQueries({ queryKey: queryKeys.campaignExpress.all });
    },
  });

  if (launch.isPending) {
    return (
      <p>
        <Spinner as="span" size="sm" animation="border" className="me-2" aria-hidden="true" />
        Loading express launch #{id}…
      </p>
    );
  }
  if (launch.isError) {
    return (
      <div>
        <h1 className="h3">Express launch #{id}</h1>
        <div className="alert alert-danger" role="alert">
          {errorMessage(launch.error)}
        </div>
        <Link to={EXPRESS_PATHS.launch}>Back to express launch</Link>
      </div>
    );
  }
  const row: ExpressLaunch = launch.data;
  const slug = row.campaign_slug ?? row.slug;
  const productPage =
    row.stage === 'launched' && baseUrl && slug ? absoluteProductUrl(slug, baseUrl) : undefined;
  const final = EXPRESS_FINAL_STAGES.includes(row.stage);
  const canRetry =
    (row.stage === 'failed' || row.stage === 'stopped') &&
    (user ? can(user, 'update_campaign') : false);
  return (
    <div style={{ maxWidth: 720 }}>
      <h1 className="h3 mb-1">{row.name}</h1>
      <p className="text-body-secondary">
        Express launch #{row.id}
        {row.source_name ? ` from ${row.source_name}` : ''}
      </p>
      <div aria-live="polite" className="mb-3">
        <p className="mb-2">
          <StageBadge stage={row.stage} />
          {!final ? <span className="ms-2 small">This page updates by itself.</span> : null}
        </p>
        <ProgressBar
          now={STAGE_PERCENT[row.stage]}
          animated={!final}
          variant={STAGE_VARIANT[row.stage] === 'secondary' ? undefined : STAGE_VARIANT[row.stage]}
          aria-label="Express launch progress"
        />
        {row.message ? (
          <div
            className={`alert mt-3 ${row.stage === 'draft' ? 'alert-warning' : 'alert-danger'}`}
            role="alert"
            data-testid="express-message"
          >
            {row.message}
          </div>
        ) : null}
      </div>
      {row.thumb_url ? (
        <img
          src={row.thumb_url}
          alt={`Mockup of ${row.name}`}
          className="rounded border mb-3"
          style={{ maxWidth: 240 }}
        />
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        {row.campaign_id ? (
          <Link className="btn btn-outline-primary" to={EXPRESS_PATHS.edit(row.campaign_id)}>
            Open the campaign
          </Link>
        ) : null}
        {productPage ? (
          <a
            className="btn btn-primary"
            href={productPage}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="express-product-link"
          >
            View the product page
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : null}
        {canRetry ? (
          <Button
            variant="outline-secondary"
            disabled={retry.isPending}
            onClick={() => retry.mutate()}
          >
            Try again
          </Button>
        ) : null}
        <Link className="btn btn-link" to={EXPRESS_PATHS.launch}>
          Launch another
        </Link>
      </div>
      {retry.isError ? (
        <div className="alert alert-danger mt-3" role="alert">
          {errorMessage(retry.error)}
        </div>
      ) : null}
    </div>
  );
}
