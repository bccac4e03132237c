import {
  can,
  pagePath,
  STORE_MENU_ITEMS_MAX,
  STORE_MENU_KINDS,
  STORE_MENU_POSITIONS,
  STORE_SLUG_MAX,
  STORE_SOCIAL_NETWORKS,
  type StoreDetail,
  type StoreMenuItem,
  type StoreMenuPosition,
  type StoreMenus,
  type StoreUpdateBody,
  storeSlugProblem,
} from '@printloom/core';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link, useParams } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import { useCampaignList } from '../../api/hooks/useCampaignList.js';
import { useCollections } from '../../api/hooks/useCollections.js';
import { useStorePages } from '../../api/hooks/useStoreContent.js';
import { useSetStoreCampaigns, useStore, useUpdateStore } from '../../api/hooks/useStores.js';
import { FormError } from '../auth/FormError.js';
import { ListPagination } from '../lists/ListPagination.js';
import { SearchBox } from '../lists/SearchBox.js';
import { usePageTitle } from '../usePageTitle.js';
import { hostOf } from './StoresListPage.js';

/** Currencies and locales a store is offered in (the server takes any ISO code). */
export const STORE_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'JPY',
  'MXN',
  'BRL',
  'SGD',
  'HKD',
] as const;
export const STORE_LOCALES = [
  ['en-US', 'English (United States)'],
  ['en-GB', 'English (United Kingdom)'],
  ['fr-FR', 'Français'],
  ['de-DE', 'Deutsch'],
  ['es-ES', 'Español'],
  ['it-IT', 'Italiano'],
  ['pt-BR', 'Português (Brasil)'],
  ['ja-JP', '日本語'],
] as const;

const POSITION_LABELS: Record<StoreMenuPosition, string> = {
  header: 'Header menu',
  footer: 'Footer menu',
  side_column: 'Side column menu',
};
const KIND_LABELS: Record<(typeof STORE_MENU_KINDS)[number], string> = {
  page: 'Page',
  collection: 'Collection',
  url: 'Link',
};
const SOCIAL_LABELS: Record<(typeof STORE_SOCIAL_NETWORKS)[number], string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  pinterest: 'Pinterest',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};

/** A page or collection a menu item may point at. */
export interface MenuTarget {
  id: number;
  label: string;
}
export interface MenuTargets {
  page: readonly MenuTarget[];
  collection: readonly MenuTarget[];
}

/**
 * Edit Store (spec §2 /storefronts/edit/{id}): tabs General (name, slug, title, contact,
 * currency, locale, social links), Branding (logos, favicon, colours), Menus (header, footer,
 * side column) and Campaigns (which of the seller's campaigns the store lists). Each tab saves
 * its own fields.
 */
export function StoreEditPage() {
  const title = usePageTitle();
  const id = Number(useParams().id ?? 0);
  const store = useStore(id);
  const user = useMe();
  const mayChange = user ? can(user, 'update_campaign') : false;
  const [tab, setTab] = useState('general');
  const menuTargets = useMenuTargets(id, user ? can(user, 'get_campaigns') : false);

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">
          {title}
          {store.data ? `: ${store.data.name}` : ''}
        </h1>
        {store.data ? (
          <a href={store.data.base_url} target="_blank" rel="noreferrer" className="small">
            {hostOf(store.data.base_url)}
          </a>
        ) : null}
        <Link
          to={`${pagePath('store_pages')}?store_id=${id}`}
          className="btn btn-outline-primary btn-sm"
        >
          Pages
        </Link>
        <Link to={pagePath('store_blog', { id })} className="btn btn-outline-primary btn-sm">
          Blog
        </Link>
        <Link to={pagePath('all_stores')} className="btn btn-outline-secondary btn-sm">
          All stores
        </Link>
      </div>
      <FormError error={store.error} />
      {store.data?.archived_at ? (
        <div className="alert alert-secondary">This store is archived: buyers cannot visit it.</div>
      ) : null}
      {!mayChange && store.data ? (
        <p className="text-body-secondary">
          You can look at this store; changing it needs the update_campaign permission.
        </p>
      ) : null}
      {store.data ? (
        <Tabs
          id="store-tabs"
          activeKey={tab}
          onSelect={(key) => setTab(key ?? 'general')}
          className="mb-3"
          mountOnEnter
        >
          <Tab eventKey="general" title="General">
            <GeneralTab store={store.data} disabled={!mayChange} />
          </Tab>
          <Tab eventKey="branding" title="Branding">
            <BrandingTab store={store.data} disabled={!mayChange} />
          </Tab>
          <Tab eventKey="menus" title="Menus">
            <MenusTab store={store.data} disabled={!mayChange} targets={menuTargets} />
          </Tab>
          <Tab eventKey="campaigns" title="Campaigns">
            <CampaignsTab store={store.data} disabled={!mayChange} />
          </Tab>
        </Tabs>
      ) : null}
    </>
  );
}

/** The collections (and pages) a menu item of this store may open. */
function useMenuTargets(storeId: number, mayReadCollections: boolean): MenuTargets {
  const collections = useCollections('', mayReadCollections);
  const pages = useStorePages(storeId);
  return {
    page: (pages.data ?? []).map((p) => ({ id: p.id, label: p.title })),
    collection: (collections.data ?? [])
      .filter((c) => c.store_id === null || c.store_id === storeId)
      .map((c) => ({ id: c.id, label: c.name })),
  };
}

/** A tab's form: its fields, the save button and what the save answered. */
function TabForm({
  store,
  disabled,
  children,
  body,
  saveLabel,
}: {
  store: StoreDetail;
  disabled: boolean;
  children: ReactNode;
  body: () => StoreUpdateBody;
  saveLabel: string;
}) {
  const update = useUpdateStore(store.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(body());
  };
  return (
    <Form onSubmit={submit} style={{ maxWidth: 760 }}>
      <fieldset disabled={disabled}>{children}</fieldset>
      <FormError error={update.error} />
      {update.isSuccess ? (
        <div className="alert alert-success py-2" role="status">
          Store saved.
        </div>
      ) : null}
      {disabled ? null : (
        <Button type="submit" disabled={update.isPending}>
          {saveLabel}
        </Button>
      )}
    </Form>
  );
}

function TextField({
  label,
  value,
  onChange,
  type = 'text',
  help,
  maxLength,
  invalid,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  help?: ReactNode;
  maxLength?: number;
  invalid?: string | null;
}) {
  const id = useId();
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        value={value}
        maxLength={maxLength}
        isInvalid={!!invalid}
        onChange={(event) => onChange(event.target.value)}
      />
      {invalid ? <Form.Control.Feedback type="invalid">{invalid}</Form.Control.Feedback> : null}
      {help ? <Form.Text>{help}</Form.Text> : null}
    </Form.Group>
  );
}

function GeneralTab({ store, disabled }: { store: StoreDetail; disabled: boolean }) {
  const currencyId = useId();
  const localeId = useId();
  const [name, setName] = useState(store.name);
  const [slug, setSlug] = useState(store.slug);
  const [title, setTitle] = useState(store.title ?? '');
  const [email, setEmail] = useState(store.contact_email ?? '');
  const [currency, setCurrency] = useState(store.currency);
  const [locale, setLocale] = useState(store.locale);
  const [social, setSocial] = useState<Record<string, string>>({ ...store.social_links });
  const slugProblem = storeSlugProblem(slug);
  const currencies = STORE_CURRENCIES.includes(currency as never)
    ? STORE_CURRENCIES
    : [currency, ...STORE_CURRENCIES];
  return (
    <TabForm
      store={store}
      disabled={disabled}
      saveLabel="Save general settings"
      body={() => ({
        name,
        slug,
        title,
        contact_email: email,
        currency,
        locale,
        social_links: Object.fromEntries(
          STORE_SOCIAL_NETWORKS.map((network) => [network, social[network] ?? '']),
        ),
      })}
    >
      <TextField label="Store name" value={name} onChange={setName} maxLength={120} />
      <TextField
        label="Slug"
        value={slug}
        onChange={(value) => setSlug(value.toLowerCase())}
        maxLength={STORE_SLUG_MAX}
        invalid={slugProblem}
        help={
          <>
            Changing it moves the store to <code>{slug}.</code>… and old links stop working.
          </>
        }
      />
      <TextField label="Site title" value={title} onChange={setTitle} maxLength={200} />
      <TextField label="Contact email" type="email" value={email} onChange={setEmail} />
      <div className="row">
        <Form.Group className="mb-3 col-sm-6" controlId={currencyId}>
          <Form.Label>Currency</Form.Label>
          <Form.Select value={currency} onChange={(event) => setCurrency(event.target.value)}>
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="mb-3 col-sm-6" controlId={localeId}>
          <Form.Label>Language</Form.Label>
          <Form.Select value={locale} onChange={(event) => setLocale(event.target.value)}>
            {STORE_LOCALES.some(([code]) => code === locale) ? null : (
              <option value={locale}>{locale}</option>
            )}
            {STORE_LOCALES.map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      <fieldset className="mb-3">
        <legend className="fs-6 fw-semibold">Social links</legend>
        {STORE_SOCIAL_NETWORKS.map((network) => (
          <TextField
            key={network}
            label={SOCIAL_LABELS[network]}
            type="url"
            value={social[network] ?? ''}
            onChange={(value) => setSocial((links) => ({ ...links, [network]: value }))}
          />
        ))}
      </fieldset>
    </TabForm>
  );
}

function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  return (
    <div className="mb-3 col-sm-4">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <div className="d-flex gap-2 align-items-center">
        <input
          type="color"
          className="form-control form-control-color"
          value={valid ? value.toLowerCase() : '#ffffff'}
          aria-label={`${label} picker`}
          onChange={(event) => onChange(event.target.value)}
        />
        <input
          id={id}
          className={`form-control ${value !== '' && !valid ? 'is-invalid' : ''}`}
          value={value}
          placeholder="#rrggbb"
          maxLength={7}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}

function BrandingTab({ store, disabled }: { store: StoreDetail; disabled: boolean }) {
  const [logoBright, setLogoBright] = useState(store.logo_bright ?? '');
  const [logoDark, setLogoDark] = useState(store.logo_dark ?? '');
  const [logoAlt, setLogoAlt] = useState(store.logo_alt ?? '');
  const [favicon, setFavicon] = useState(store.favicon ?? '');
  const [primary, setPrimary] = useState(store.primary_color ?? '');
  const [secondary, setSecondary] = useState(store.secondary_color ?? '');
  const [background, setBackground] = useState(store.background_color ?? '');
  const colour = (value: string) => (value.trim() === '' ? null : value.trim());
  return (
    <TabForm
      store={store}
      disabled={disabled}
      saveLabel="Save branding"
      body={() => ({
        logo_bright: logoBright,
        logo_dark: logoDark,
        logo_alt: logoAlt,
        favicon,
        primary_color: colour(primary),
        secondary_color: colour(secondary),
        background_color: colour(background),
      })}
    >
      <TextField
        label="Logo on light backgrounds"
        value={logoBright}
        onChange={setLogoBright}
        help="An image address (https://… or an uploaded file's /files/… address)."
      />
      {logoBright ? (
        <img
          src={logoBright}
          alt={logoAlt || 'Logo preview'}
          className="mb-3 border p-2"
          style={{ maxHeight: 64 }}
        />
      ) : null}
      <TextField label="Logo on dark backgrounds" value={logoDark} onChange={setLogoDark} />
      <TextField
        label="Logo alternative text"
        value={logoAlt}
        onChange={setLogoAlt}
        maxLength={200}
      />
      <TextField label="Favicon" value={favicon} onChange={setFavicon} />
      <div className="row">
        <ColorField label="Primary colour" value={primary} onChange={setPrimary} />
        <ColorField label="Secondary colour" value={secondary} onChange={setSecondary} />
        <ColorField label="Background colour" value={background} onChange={setBackground} />
      </div>
    </TabForm>
  );
}

function MenusTab({
  store,
  disabled,
  targets,
}: {
  store: StoreDetail;
  disabled: boolean;
  targets: MenuTargets;
}) {
  const [menus, setMenus] = useState<StoreMenus>(store.menus);
  const setPosition = (position: StoreMenuPosition, items: StoreMenuItem[]) =>
    setMenus((current) => ({ ...current, [position]: items }));
  return (
    <TabForm store={store} disabled={disabled} saveLabel="Save menus" body={() => ({ menus })}>
      {STORE_MENU_POSITIONS.map((position) => (
        <MenuEditor
          key={position}
          position={position}
          items={menus[position]}
          targets={targets}
          onChange={(items) => setPosition(position, items)}
        />
      ))}
    </TabForm>
  );
}

/** One menu position: its items in order, each with a label and a page, collection or link. */
export function MenuEditor({
  position,
  items,
  targets,
  onChange,
}: {
  position: StoreMenuPosition;
  items: readonly StoreMenuItem[];
  targets: MenuTargets;
  onChange: (items: StoreMenuItem[]) => void;
}) {
  const [announcement, setAnnouncement] = useState('');
  const label = POSITION_LABELS[position];
  const change = (index: number, patch: Partial<StoreMenuItem>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    if (!item) return;
    next.splice(index + by, 0, item);
    onChange(next);
    setAnnouncement(
      `${item.label || 'Item'} moved to position ${index + by + 1} of ${items.length}.`,
    );
  };
  return (
    <fieldset className="mb-4" aria-label={label}>
      <legend className="fs-6 fw-semibold">{label}</legend>
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
      {items.length === 0 ? <p className="text-body-secondary small">No items.</p> : null}
      <ol className="list-unstyled mb-2">
        {items.map((item, index) => {
          const n = index + 1;
          const options = item.kind === 'url' ? [] : targets[item.kind];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no id; order is the identity
            <li key={index} className="row g-2 mb-2 align-items-center">
              <div className="col-sm-3">
                <Form.Control
                  aria-label={`${label} item ${n} label`}
                  value={item.label}
                  maxLength={80}
                  onChange={(event) => change(index, { label: event.target.value })}
                />
              </div>
              <div className="col-sm-2">
                <Form.Select
                  aria-label={`${label} item ${n} kind`}
                  value={item.kind}
                  onChange={(event) =>
                    change(index, {
                      kind: event.target.value as StoreMenuItem['kind'],
                      target_id: null,
                      url: null,
                    })
                  }
                >
                  {STORE_MENU_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {KIND_LABELS[kind]}
                    </option>
                  ))}
                </Form.Select>
              </div>
              <div className="col-sm-4">
                {item.kind === 'url' ? (
                  <Form.Control
                    aria-label={`${label} item ${n} address`}
                    value={item.url ?? ''}
                    placeholder="https://… or /search"
                    onChange={(event) => change(index, { url: event.target.value })}
                  />
                ) : (
                  <Form.Select
                    aria-label={`${label} item ${n} ${KIND_LABELS[item.kind].toLowerCase()}`}
                    value={item.target_id ?? ''}
                    onChange={(event) =>
                      change(index, {
                        target_id: event.target.value === '' ? null : Number(event.target.value),
                      })
                    }
                  >
                    <option value="">
                      {options.length === 0
                        ? `No ${item.kind === 'page' ? 'pages' : 'collections'} yet`
                        : 'Choose…'}
                    </option>
                    {options.map((target) => (
                      <option key={target.id} value={target.id}>
                        {target.label}
                      </option>
                    ))}
                  </Form.Select>
                )}
              </div>
              <div className="col-sm-3 d-flex gap-1">
                <Button
                  size="sm"
                  variant="outline-secondary"
                  aria-label={`Move ${label} item ${n} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  aria-label={`Move ${label} item ${n} down`}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={`Remove ${label} item ${n}`}
                  onClick={() => onChange(items.filter((_, i) => i !== index))}
                >
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        size="sm"
        variant="outline-primary"
        disabled={items.length >= STORE_MENU_ITEMS_MAX}
        onClick={() => onChange([...items, { label: '', kind: 'url', target_id: null, url: '' }])}
      >
        Add item to {label.toLowerCase()}
      </Button>
    </fieldset>
  );
}

const CAMPAIGNS_PER_PAGE = 20;

function CampaignsTab({ store, disabled }: { store: StoreDetail; disabled: boolean }) {
  const user = useMe();
  const mayRead = user ? can(user, 'get_campaigns') : false;
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useCampaignList({ q, page, per_page: CAMPAIGNS_PER_PAGE }, mayRead);
  const save = useSetStoreCampaigns(store.id);
  const [selected, setSelected] = useState<Set<number>>(() => new Set(store.campaign_ids));
  useEffect(() => setSelected(new Set(store.campaign_ids)), [store.campaign_ids]);
  const campaigns = list.data?.data ?? [];
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  if (!mayRead) {
    return <p>Listing campaigns in a store needs the get_campaigns permission.</p>;
  }
  return (
    <div style={{ maxWidth: 760 }}>
      <p className="text-body-secondary">
        Tick the campaigns this store sells. {selected.size} selected.
      </p>
      <SearchBox
        value={q}
        label="Search campaigns"
        onSearch={(value) => {
          setQ(value);
          setPage(1);
        }}
      />
      <FormError error={list.error ?? save.error} />
      <fieldset disabled={disabled} className="my-3" aria-busy={list.isFetching}>
        <legend className="visually-hidden">Campaigns listed in {store.name}</legend>
        {campaigns.map((campaign) => (
          <Form.Check
            key={campaign.id}
            id={`store-campaign-${campaign.id}`}
            label={`${campaign.name} (${campaign.status})`}
            checked={selected.has(campaign.id)}
            onChange={(event) => toggle(campaign.id, event.target.checked)}
          />
        ))}
        {list.isSuccess && campaigns.length === 0 ? <p>No campaigns found.</p> : null}
      </fieldset>
      {list.data ? (
        <ListPagination
          page={page}
          lastPage={list.data.last_page}
          total={list.data.total}
          from={list.data.from}
          to={list.data.to}
          noun="campaigns"
          onPage={(next) => setPage(next)}
        />
      ) : null}
      {save.isSuccess ? (
        <div className="alert alert-success py-2" role="status">
          Store campaigns saved.
        </div>
      ) : null}
      {disabled ? null : (
        <Button disabled={save.isPending} onClick={() => save.mutate([...selected])}>
          Save campaigns
        </Button>
      )}
    </div>
  );
}
