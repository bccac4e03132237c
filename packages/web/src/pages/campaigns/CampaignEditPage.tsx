import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Campaign,
  createStore,
  type DesignObject,
  type ImageObject,
  NICHES,
  Niche,
  nicheLabel,
  type ProductTemplate,
  slugify,
  type TextObject,
  UPLOAD_FAILED_MESSAGE,
} from '@printloom/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { api } from '../../api/client.js';
import { useMe } from '../../api/hooks/useAuth.js';
import { createEditorStore, useEditorState } from '../../editor/createEditorStore.js';
import { DesignEditor } from '../../editor/DesignEditor.js';
import { ensureFonts, measureText } from '../../editor/fonts.js';
import { loadImage } from '../../editor/imageCache.js';
import { MockupPanel } from '../../editor/MockupPanel.js';
import { newObjectId } from '../../editor/newId.js';
import { readStorage, writeStorage } from '../../env/storage.js';
import { notifyError, notifyUploadFailed } from '../../toast/notify.js';
import { toasts } from '../../toast/toastStore.js';
import { CampaignHeaderActions } from './edit/CampaignHeaderActions.js';
import { CampaignStores } from './edit/CampaignStores.js';
import { CampaignTypePanel } from './edit/CampaignTypePanel.js';
import { ComboBundle } from './edit/ComboBundle.js';
import { CrossSellOfferControl } from './edit/CrossSellOffer.js';
import {
  type CampaignFormOutput,
  type CampaignFormValues,
  campaignEditPath,
  campaignFormSchema,
  coloursOf,
  designsOfCampaign,
  EMPTY_FORM,
  editorSpaces,
  editRouteOf,
  editRouteOfType,
  type FormErrors,
  formOfCampaign,
  offeredTemplates,
  type ProductFormValue,
  productsWithoutDesign,
  productValueFor,
  templateSpaces,
} from './edit/campaignForm.js';
import { comboFormErrors } from './edit/comboBundle.js';
import { LeaveGuard } from './edit/LeaveGuard.js';
import { PricingFields } from './edit/PricingFields.js';
import { ProductLinks } from './edit/ProductLinks.js';
import { TemplatePicker } from './edit/TemplatePicker.js';
import { trackOnce } from './edit/tracking.js';
import {
  useCampaign,
  useProductTemplates,
  useSaveCampaign,
  useSiteFees,
  useStoreLinkData,
} from './edit/useCampaignEditData.js';

/** The UTM campaign a seller arrived with is kept for the tab, for the submit tracking. */
const UTM_STORAGE_KEY = 'utm_campaign';

function parseId(raw: string | undefined): number | null | 'invalid' {
  if (raw === undefined) return null;
  return /^[1-9]\d*$/.test(raw) ? Number(raw) : 'invalid';
}

function uploadName(file: File): string {
  if (/\.[a-z0-9]+$/i.test(file.name)) return file.name;
  const ext = file.type === 'image/jpeg' ? 'jpg' : (file.type.split('/')[1] ?? 'png');
  return `${file.name || 'image'}.${ext}`;
}

/**
 * Create or edit a campaign (spec §2 /campaigns/edit/{id?} and the ai, aop, combo and custom
 * edit routes, each creating its own campaign type): choose products from the catalog, design
 * each print space with live mockups beside the editor, set prices, save, launch. Unsaved
 * changes are guarded; a seller who came from a UTM link is tracked once per campaign.
 */
export function CampaignEditPage() {
  const params = useParams();
  const location = useLocation();
  const route = editRouteOf(location.pathname);
  const wanted = `${route.prefix}:${params.id ?? 'new'}`;
  const key = useRef(wanted);
  // A campaign just created moves from /edit to /edit/{id}: the same editor carries on.
  const createdFrom = (location.state as { createdFrom?: string } | null)?.createdFrom;
  if (key.current !== wanted && createdFrom !== key.current) key.current = wanted;
  return <CampaignEditor key={key.current} pageKey={key.current} routeId={parseId(params.id)} />;
}

function CampaignEditor({
  pageKey,
  routeId,
}: {
  pageKey: string;
  routeId: number | null | 'invalid';
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const saveMutation = useSaveCampaign();
  const user = useMe();
  const route = editRouteOf(location.pathname);
  const [campaignId, setCampaignId] = useState<number | null>(
    typeof routeId === 'number' ? routeId : null,
  );
  /** The campaign whose data the page holds, so a reload of the same one is not needed. */
  const loadedFor = useRef<number | null | undefined>(undefined);
  const templates = useProductTemplates();
  const campaignQuery = useCampaign(
    typeof routeId === 'number' ? routeId : null,
    typeof routeId === 'number' && loadedFor.current !== routeId,
  );
  const [store] = useState(() => createEditorStore({ measure: measureText }));
  const [live] = useState(() => createStore<DesignObject | null>(null));
  // The form's fields live in react-hook-form, checked by the form schema of the loaded catalog.
  const schema = useMemo(() => campaignFormSchema(templates.byId), [templates.byId]);
  const schemaRef = useRef(schema);
  schemaRef.current = schema;
  const resolver = useCallback<Resolver<CampaignFormValues, unknown, CampaignFormOutput>>(
    (values, context, options) => zodResolver(schemaRef.current)(values, context, options),
    [],
  );
  const form = useForm<CampaignFormValues, unknown, CampaignFormOutput>({
    resolver,
    defaultValues: EMPTY_FORM,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const values = form.watch();
  const { errors: fieldErrors, isDirty: formDirty, isSubmitted } = form.formState;
  const [designsError, setDesignsError] = useState<string | null>(null);
  /** A combo's rules (product count, bundle price) once a save or launch was tried. */
  const [comboCheck, setComboCheck] = useState<{ launch: boolean } | null>(null);
  /** Set when a save found errors: the first invalid field gets the focus once shown. */
  const focusInvalid = useRef(false);
  const [saved, setSaved] = useState<Campaign | null>(null);
  const [saving, setSaving] = useState(false);
  const [step, setStep] = useState<string | null>(null);
  const [mockupColor, setMockupColor] = useState<Record<number, string>>({});
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  /** Saved designs the editor cannot open (bulk imports save only the file): kept as they are. */
  const [kept, setKept] = useState<Record<string, string | null>>({});
  const revision = useEditorState(store, (s) => s.revision);
  const activeSpace = useEditorState(store, (s) => s.active);
  const [savedRevision, setSavedRevision] = useState(0);
  const dirty = formDirty || revision !== savedRevision;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty && !saving;
  const leaving = useRef(false);
  const storeLinks = useStoreLinkData(saved !== null);
  const combo = route.type === 'combo';
  /** A combo's bundle price covers the site's fees; until they load, base costs alone. */
  const fees = useSiteFees(combo) ?? { processing_fee: 0, processing_fee_min: 0 };

  // The address of a new campaign changed to its own: leaving the page is guarded again.
  useEffect(() => {
    if (location.pathname) leaving.current = false;
  }, [location.pathname]);

  // A new campaign starts empty once the fonts are in.
  useEffect(() => {
    if (routeId !== null || loadedFor.current !== undefined) return;
    loadedFor.current = null;
    store.dispatch({ type: 'setLoading', loading: true });
    ensureFonts([])
      .catch((error: unknown) => console.error('The editor font did not load', error))
      .finally(() => {
        store.dispatch({ type: 'setLoading', loading: false });
        setSavedRevision(store.getState().revision);
      });
  }, [routeId, store]);

  // A campaign opened in another type's editor (an old link, /campaigns/edit/{id} of a combo)
  // moves to its own, so its type's parts (a combo's bundle price) are there.
  useEffect(() => {
    const campaign = campaignQuery.data;
    if (!campaign || editRouteOfType(campaign.system_type).prefix === route.prefix) return;
    navigate(campaignEditPath(campaign), { replace: true });
  }, [campaignQuery.data, route.prefix, navigate]);

  // A saved campaign: its form values, then its designs once their fonts and images are in.
  useEffect(() => {
    const campaign = campaignQuery.data;
    if (!campaign || !templates.data || loadedFor.current === campaign.id) return;
    loadedFor.current = campaign.id;
    form.reset(formOfCampaign(campaign));
    setSaved(campaign);
    const { designs, kept: keptDesigns, unreadable } = designsOfCampaign(campaign);
    setKept(keptDesigns);
    if (unreadable.length > 0)
      setLoadProblem(
        `These designs could not be opened in the editor and are kept as they are unless you design those print spaces here: ${unreadable.join(', ')}.`,
      );
    store.dispatch({ type: 'setLoading', loading: true });
    const objects = Object.values(designs).flatMap((d) => d.objects);
    const texts = objects.filter((o): o is TextObject => o.type === 'text');
    const images = objects.filter((o): o is ImageObject => o.type === 'image');
    const spaces = editorSpaces(formOfCampaign(campaign).products, templates.byId);
    void Promise.allSettled([ensureFonts(texts), ...images.map((o) => loadImage(o.src))]).then(
      (results) => {
        if (results.some((r) => r.status === 'rejected')) {
          // spec §8: a design that fails to load in a hidden tab reloads the page; in sight,
          // the seller is told.
          if (document.visibilityState === 'hidden') {
            window.location.reload();
            return;
          }
          store.dispatch({ type: 'refuse', message: 'Load img failed' });
        }
        store.dispatch({ type: 'sync', spaces, designs });
        store.dispatch({ type: 'setLoading', loading: false });
        setSavedRevision(store.getState().revision);
      },
    );
  }, [campaignQuery.data, templates.data, templates.byId, store, form]);

  // The editor follows the chosen products: one design per print space.
  const pendingSpace = useRef<string | null>(null);
  useEffect(() => {
    if (!templates.data || loadedFor.current === undefined) return;
    store.dispatch({ type: 'sync', spaces: editorSpaces(values.products, templates.byId) });
    if (pendingSpace.current) store.dispatch({ type: 'selectSpace', id: pendingSpace.current });
    pendingSpace.current = null;
  }, [values.products, templates.data, templates.byId, store]);

  // spec §4 Tracking: the click of a UTM campaign, once per campaign.
  useEffect(() => {
    const utm = new URLSearchParams(location.search).get('utm_campaign')?.trim();
    if (!utm) return;
    writeStorage(UTM_STORAGE_KEY, utm, 'session');
    trackOnce('click', utm, () =>
      api.shell.sellerUtmTrack({ body: { utm_campaign: utm, action: 'click' } }),
    ).catch((error: unknown) => console.error('Click tracking failed', error));
  }, [location.search]);

  const when = useCallback(() => dirtyRef.current && !leaving.current, []);

  // After a save that found errors, the first field marked invalid takes the focus.
  useEffect(() => {
    if (!focusInvalid.current) return;
    focusInvalid.current = false;
    document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });

  const chosen = useMemo(
    () => new Set(values.products.map((p) => p.templateId)),
    [values.products],
  );
  const activeTemplateId = activeSpace ? Number(activeSpace.split('_')[0]) : null;
  const activeTemplate = activeTemplateId ? templates.byId.get(activeTemplateId) : undefined;
  const activeProduct = values.products.find((p) => p.templateId === activeTemplateId);

  /** Errors by key ('name', 'products.{templateId}.price' …), as the fields show them. */
  const errors: FormErrors = {};
  for (const field of ['name', 'slug', 'niche'] as const) {
    const message = fieldErrors[field]?.message;
    if (message) errors[field] = message;
  }
  // A combo's own rules, checked again as the seller corrects the form.
  if (combo && comboCheck) {
    for (const [key, message] of Object.entries(
      comboFormErrors(values, templates.byId, fees, comboCheck.launch),
    )) {
      errors[key] = message;
    }
  }
  const productsMessage = fieldErrors.products?.message ?? fieldErrors.products?.root?.message;
  if (productsMessage) errors.products = productsMessage;
  values.products.forEach((product, index) => {
    const found = fieldErrors.products?.[index];
    for (const field of ['price', 'colors', 'templateId'] as const) {
      const message = found?.[field]?.message;
      if (message)
        errors[
          field === 'templateId'
            ? `products.${product.templateId}`
            : `products.${product.templateId}.${field}`
        ] = message;
    }
  });

  /** A change the seller made to the products: dirty, and checked again once a save was tried. */
  function updateProducts(change: (products: ProductFormValue[]) => ProductFormValue[]) {
    form.setValue('products', change(form.getValues('products')), {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });
  }

  function toggleTemplate(template: ProductTemplate, on: boolean) {
    updateProducts((products) =>
      on
        ? [...products.filter((p) => p.templateId !== template.id), productValueFor(template)]
        : products.filter((p) => p.templateId !== template.id),
    );
    // The new product's print spaces exist once the editor has synced with the products; the
    // main print space opens first.
    if (on) {
      const spaces = templateSpaces(template);
      const main = spaces.find((space) => space.isMain);
      if (!main)
        console.warn('No main print space when load design/mockup for product', template.id);
      pendingSpace.current = (main ?? spaces[0])?.id ?? null;
    }
  }

  function changeProduct(templateId: number, patch: Partial<ProductFormValue>) {
    updateProducts((products) =>
      products.map((p) => (p.templateId === templateId ? { ...p, ...patch } : p)),
    );
  }

  /**
   * Checks the form (its schema) and, for a launch, that every product has a design; both are
   * shown at once. Saves only when both pass.
   */
  async function save(launch: boolean) {
    if (!templates.data) return;
    const designs = store.getState().designs;
    const current = form.getValues();
    const missing = launch
      ? productsWithoutDesign(current.products, templates.byId, designs, kept)
      : [];
    setDesignsError(
      missing.length > 0 ? `Add a design to ${missing.join(', ')} before launching.` : null,
    );
    setComboCheck(combo ? { launch } : null);
    const comboFound = combo ? comboFormErrors(current, templates.byId, fees, launch) : {};
    await form.handleSubmit(
      async () => {
        if (missing.length > 0 || Object.keys(comboFound).length > 0) {
          focusInvalid.current = true;
          return;
        }
        await persist(launch);
      },
      () => {
        focusInvalid.current = true;
      },
    )();
  }

  async function persist(launch: boolean) {
    const values = form.getValues();
    const designs = store.getState().designs;
    if (store.getState().loading) {
      store.dispatch({ type: 'refuse', message: 'The design is still loading.' });
      return;
    }
    const revisionAtSave = store.getState().revision;
    const wasNew = campaignId === null;
    setSaving(true);
    try {
      const result = await saveMutation.mutateAsync({
        campaignId,
        type: route.type,
        values,
        templates: templates.byId,
        designs,
        kept,
        ...(launch ? { status: 'active' as const } : {}),
        onStep: setStep,
        onSaved: (campaign) => {
          setCampaignId(campaign.id);
          loadedFor.current = campaign.id;
          form.setValue(
            'products',
            form.getValues('products').map((p) => ({
              ...p,
              id: campaign.products.find((cp) => cp.template_id === p.templateId)?.id ?? p.id,
            })),
          );
        },
      });
      setSaved(result);
      setSavedRevision(revisionAtSave);
      // What was saved is the form's new starting point: nothing unsaved, no errors.
      form.reset(form.getValues());
      setDesignsError(null);
      setComboCheck(null);
      toasts.show('success', launch ? 'Campaign launched.' : 'Campaign saved.');
      const utm = readStorage(UTM_STORAGE_KEY, 'session');
      if (utm) {
        trackOnce('submit', utm, () =>
          api.shell.sellerUtmTrack({
            body: { utm_campaign: utm, action: 'submit', campaign_id: result.id },
          }),
        ).catch((error: unknown) => console.error('Submit tracking failed', error));
      }
      if (wasNew) {
        leaving.current = true;
        navigate(`${route.prefix}/${result.id}`, {
          replace: true,
          state: { createdFrom: pageKey },
        });
      }
    } catch (error) {
      if (error instanceof Error && error.message === UPLOAD_FAILED_MESSAGE) notifyUploadFailed();
      else notifyError(error);
    } finally {
      setSaving(false);
      setStep(null);
    }
  }

  if (routeId === 'invalid' || campaignQuery.error) {
    const notFound =
      routeId === 'invalid' ||
      (typeof campaignQuery.error === 'object' &&
        campaignQuery.error !== null &&
        'statusCode' in campaignQuery.error &&
        campaignQuery.error.statusCode === 404);
    return (
      <div className="card" data-testid="campaign-edit-error">
        <div className="card-body">
          <h1 className="h4">
            {notFound ? 'Campaign not found' : 'The campaign could not be loaded'}
          </h1>
          <p className="text-body-secondary">
            {notFound
              ? 'There is no campaign with this address in your account.'
              : campaignQuery.error instanceof Error
                ? campaignQuery.error.message
                : ''}
          </p>
          <div className="d-flex gap-2">
            {!notFound && (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => campaignQuery.refetch()}
              >
                Try again
              </button>
            )}
            <Link to="/campaigns" className="btn btn-outline-secondary">
              Back to campaigns
            </Link>
          </div>
        </div>
      </div>
    );
  }

  if (templates.error) {
    return (
      <div className="alert alert-danger" role="alert">
        The product catalog could not be loaded: {templates.error.message}{' '}
        <button
          type="button"
          className="btn btn-sm btn-outline-danger ms-2"
          onClick={() => templates.refetch()}
        >
          Try again
        </button>
      </div>
    );
  }

  const pageLoading =
    templates.isPending || (typeof routeId === 'number' && !saved && campaignQuery.isPending);
  const title = campaignId
    ? `Edit ${route.label.toLowerCase()}`
    : `New ${route.label.toLowerCase()}`;
  const editorTabs = activeTemplate
    ? templateSpaces(activeTemplate).map((space) => ({ id: space.id, label: space.name }))
    : [];

  return (
    <>
      <LeaveGuard when={when} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 text-capitalize-first">{title}</h1>
        {saved && (
          <span
            className={`badge ${saved.status === 'active' ? 'text-bg-success' : 'text-bg-secondary'}`}
            data-testid="campaign-status"
          >
            {saved.status}
          </span>
        )}
        {dirty && !pageLoading && (
          <span className="badge text-bg-warning" data-testid="unsaved-badge">
            Unsaved changes
          </span>
        )}
        {saved && (
          <CampaignHeaderActions
            campaign={saved}
            disabled={saving}
            editPrefix={route.prefix}
            onStatus={(status) =>
              setSaved((current) => (current ? { ...current, status } : current))
            }
            onLeave={(path, options) => {
              // A deleted campaign has nothing left to save: leave without asking.
              if (!options.guard) leaving.current = true;
              navigate(path);
            }}
          />
        )}
      </div>
      {pageLoading ? (
        <div className="card" aria-busy="true">
          <div className="card-body text-center py-5" role="status">
            <span className="spinner-border me-2" aria-hidden="true" />
            Loading the campaign…
          </div>
        </div>
      ) : (
        <div className="row g-3">
          <div className="col-xl-8 vstack gap-3">
            <section className="card" aria-labelledby="products-heading">
              <div className="card-body">
                <h2 className="h5" id="products-heading">
                  Products
                </h2>
                <TemplatePicker
                  templates={offeredTemplates(route.type, templates.list, chosen)}
                  chosen={chosen}
                  onToggle={toggleTemplate}
                  disabled={saving}
                  {...(route.type === 'aop'
                    ? {
                        emptyText:
                          'The catalog has no all-over-print products yet: an AOP campaign needs one.',
                      }
                    : {})}
                />
                {errors.products && <div className="small text-danger mt-2">{errors.products}</div>}
              </div>
            </section>
            <section className="card" aria-labelledby="design-heading" data-tour="campaign-design">
              <div className="card-body">
                <h2 className="h5" id="design-heading">
                  Design
                </h2>
                {loadProblem && (
                  <div className="alert alert-warning small" role="alert">
                    {loadProblem}
                  </div>
                )}
                {designsError && (
                  <div className="alert alert-danger small" role="alert">
                    {designsError}
                  </div>
                )}
                {values.products.length === 0 ? (
                  <p className="text-body-secondary mb-0" data-testid="editor-empty">
                    Choose a product above to start designing.
                  </p>
                ) : (
                  <>
                    {values.products.length > 1 && (
                      <div className="nav nav-pills mb-3" role="tablist" aria-label="Products">
                        {values.products.map((product) => {
                          const template = templates.byId.get(product.templateId);
                          const first = template ? templateSpaces(template)[0] : undefined;
                          const on = product.templateId === activeTemplateId;
                          return (
                            <button
                              key={product.templateId}
                              type="button"
                              role="tab"
                              aria-selected={on}
                              className={`nav-link ${on ? 'active' : ''}`}
                              onClick={() =>
                                first && store.dispatch({ type: 'selectSpace', id: first.id })
                              }
                            >
                              {template?.name ?? `Product ${product.templateId}`}
                            </button>
                          );
                        })}
                      </div>
                    )}
                    {activeSpace && kept[activeSpace] !== undefined && (
                      <div
                        className="alert alert-info small d-flex gap-3 align-items-center"
                        data-testid="kept-design"
                      >
                        {kept[activeSpace] && (
                          <img
                            src={kept[activeSpace] ?? ''}
                            alt="The saved design of this print space"
                            width={64}
                            height={64}
                            className="object-fit-contain bg-body rounded"
                          />
                        )}
                        <span>
                          This print space has a design made outside the editor (for example by a
                          bulk import). It is kept as it is unless you add objects here.
                        </span>
                      </div>
                    )}
                    <DesignEditor
                      store={store}
                      live={live}
                      spaces={editorTabs}
                      uploadImage={async (file) =>
                        (
                          await api.uploads.uploadFile({
                            file,
                            fileName: uploadName(file),
                            filePath: 'designs',
                          })
                        ).fileUrl
                      }
                      onUploadFailed={() => notifyUploadFailed()}
                      campaignId={saved ? campaignId : null}
                    />
                  </>
                )}
              </div>
            </section>
          </div>
          <div className="col-xl-4 vstack gap-3">
            {user && (
              <CampaignTypePanel
                type={route.type}
                user={user}
                campaignId={campaignId}
                canAdd={activeSpace !== null}
                onAddImage={(image) =>
                  store.dispatch({ type: 'addImage', id: newObjectId('image'), ...image })
                }
              />
            )}
            {activeTemplate && (
              <section className="card">
                <div className="card-body">
                  <MockupPanel
                    store={store}
                    templateId={activeTemplate.id}
                    mockups={activeTemplate.mockups}
                    colors={coloursOf(activeTemplate).filter(
                      (c) => activeProduct?.colors.includes(c.name) ?? true,
                    )}
                    color={mockupColor[activeTemplate.id] ?? activeProduct?.defaultColor ?? null}
                    onColorChange={(name) =>
                      setMockupColor((m) => ({ ...m, [activeTemplate.id]: name }))
                    }
                  />
                </div>
              </section>
            )}
            <section
              className="card"
              aria-labelledby="details-heading"
              data-tour="campaign-details"
            >
              <form
                className="card-body vstack gap-3"
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  void save(false);
                }}
              >
                <h2 className="h5 mb-0" id="details-heading">
                  Details and pricing
                </h2>
                <fieldset className="vstack gap-3" disabled={saving}>
                  <div>
                    <label htmlFor="campaign-name" className="form-label small mb-1">
                      Campaign name
                    </label>
                    <input
                      id="campaign-name"
                      className={`form-control form-control-sm ${errors.name ? 'is-invalid' : ''}`}
                      aria-invalid={errors.name ? true : undefined}
                      aria-describedby="campaign-name-error"
                      {...form.register('name')}
                    />
                    <div className="invalid-feedback" id="campaign-name-error">
                      {errors.name}
                    </div>
                  </div>
                  <div>
                    <label htmlFor="campaign-slug" className="form-label small mb-1">
                      Link name
                    </label>
                    <input
                      id="campaign-slug"
                      className={`form-control form-control-sm ${errors.slug ? 'is-invalid' : ''}`}
                      placeholder={slugify(values.name) || 'my-campaign'}
                      aria-invalid={errors.slug ? true : undefined}
                      aria-describedby="campaign-slug-help campaign-slug-error"
                      {...form.register('slug')}
                    />
                    <div className="invalid-feedback" id="campaign-slug-error">
                      {errors.slug}
                    </div>
                    <div className="form-text" id="campaign-slug-help">
                      Lowercase letters, digits and dashes; made from the name when left empty.
                    </div>
                  </div>
                  <div>
                    <label htmlFor="campaign-niche" className="form-label small mb-1">
                      Niche
                    </label>
                    <select
                      id="campaign-niche"
                      className="form-select form-select-sm"
                      value={values.niche ?? ''}
                      aria-describedby="campaign-niche-help"
                      onChange={(e) => {
                        const niche = Niche.safeParse(e.target.value);
                        form.setValue('niche', niche.success ? niche.data : null, {
                          shouldDirty: true,
                          shouldValidate: isSubmitted,
                        });
                      }}
                    >
                      <option value="">No niche</option>
                      {NICHES.map((niche) => (
                        <option key={niche} value={niche}>
                          {nicheLabel(niche)}
                        </option>
                      ))}
                    </select>
                    <div className="form-text" id="campaign-niche-help">
                      The product category stores and search list the campaign under.
                    </div>
                  </div>
                  <PricingFields
                    products={values.products}
                    templates={templates.byId}
                    errors={errors}
                    onChange={changeProduct}
                  />
                  {combo && (
                    <ComboBundle
                      values={values}
                      templates={templates.byId}
                      fees={fees}
                      error={errors.bundle_price}
                      onChange={(bundlePrice) =>
                        form.setValue('bundlePrice', bundlePrice, { shouldDirty: true })
                      }
                    />
                  )}
                </fieldset>
                {saved && user && (
                  <div>
                    <h3 className="h6">Product links</h3>
                    <ProductLinks
                      campaign={saved}
                      user={user}
                      stores={storeLinks.stores.data}
                      siteConfig={storeLinks.siteConfig.data}
                    />
                  </div>
                )}
                {saved && user && <CampaignStores campaignId={saved.id} user={user} />}
                {saved && user && <CrossSellOfferControl campaignId={saved.id} user={user} />}
                <div className="d-flex flex-wrap gap-2 align-items-center">
                  <button
                    type="submit"
                    className="btn btn-primary"
                    disabled={saving}
                    data-tour="continue-pricing"
                  >
                    {saving ? 'Saving…' : 'Save'}
                  </button>
                  <button
                    type="button"
                    className="btn btn-success"
                    disabled={saving}
                    data-tour="launch-button"
                    onClick={() => void save(true)}
                  >
                    {saved?.status === 'active' ? 'Save and keep live' : 'Launch'}
                  </button>
                  {step && (
                    <span className="small text-body-secondary" role="status">
                      {step}
                    </span>
                  )}
                </div>
              </form>
            </section>
          </div>
        </div>
      )}
    </>
  );
}
