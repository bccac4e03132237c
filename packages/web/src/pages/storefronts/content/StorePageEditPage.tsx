import {
  CONTENT_STATUSES,
  type ContentStatus,
  can,
  pagePath,
  type StorePage,
} from '@printloom/core';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams } from 'react-router';
import { useMe } from '../../../api/hooks/useAuth.js';
import { useSaveStorePage, useStorePage } from '../../../api/hooks/useStoreContent.js';
import { FormError } from '../../auth/FormError.js';
import { usePageTitle } from '../../usePageTitle.js';
import { RichTextEditor } from './RichTextEditor.js';
import { StoreChooser, useChosenStore } from './StorePagesPage.js';

export const STATUS_LABELS: Record<ContentStatus, string> = {
  draft: 'Draft (not shown in the store)',
  published: 'Published',
};

/**
 * New Store Page and Edit Store Page (spec §2 /storefronts/pages/create, /edit/{id}): title,
 * address, status, search-engine title and description, and the text in the rich-text editor.
 */
export function StorePageEditPage() {
  const id = Number(useParams().id ?? 0);
  const page = useStorePage(id);
  if (id > 0 && !page.data) return <FormError error={page.error} />;
  return <PageForm key={page.data?.id ?? 'new'} page={page.data ?? null} />;
}

function PageForm({ page }: { page: StorePage | null }) {
  const title = usePageTitle();
  const user = useMe();
  const navigate = useNavigate();
  const mayChange = user ? can(user, 'update_campaign') : false;
  const chosen = useChosenStore();
  const storeId = page?.store_id ?? chosen.store?.id ?? null;
  const save = useSaveStorePage(page?.id ?? null);
  const ids = {
    title: useId(),
    slug: useId(),
    status: useId(),
    seoTitle: useId(),
    seoText: useId(),
  };
  const [name, setName] = useState(page?.title ?? '');
  const [slug, setSlug] = useState(page?.slug ?? '');
  const [status, setStatus] = useState<ContentStatus>(page?.status ?? 'draft');
  const [html, setHtml] = useState(page?.content_html ?? '');
  const [seoTitle, setSeoTitle] = useState(page?.seo_title ?? '');
  const [seoText, setSeoText] = useState(page?.seo_description ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      title: name,
      ...(slug.trim() !== '' ? { slug } : {}),
      status,
      content_html: html,
      seo_title: seoTitle,
      seo_description: seoText,
    };
    if (page) save.mutate(fields, { onSuccess: (saved) => setHtml(saved.content_html) });
    else if (storeId !== null) {
      save.mutate(
        { ...fields, store_id: storeId },
        { onSuccess: (saved) => void navigate(pagePath('store_page_edit', { id: saved.id })) },
      );
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        {!page && chosen.store ? (
          <StoreChooser
            stores={chosen.stores.data ?? []}
            value={chosen.store.id}
            onChange={chosen.choose}
          />
        ) : null}
        <Link
          to={`${pagePath('store_pages')}${storeId ? `?store_id=${storeId}` : ''}`}
          className="btn btn-outline-secondary btn-sm"
        >
          All pages
        </Link>
      </div>
      <Form onSubmit={submit} style={{ maxWidth: 900 }}>
        <fieldset disabled={!mayChange}>
          <Form.Group className="mb-3" controlId={ids.title}>
            <Form.Label>Title</Form.Label>
            <Form.Control value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
          </Form.Group>
          <div className="row">
            <Form.Group className="mb-3 col-md-6" controlId={ids.slug}>
              <Form.Label>Address</Form.Label>
              <Form.Control
                value={slug}
                placeholder="made from the title"
                maxLength={120}
                onChange={(e) => setSlug(e.target.value.toLowerCase())}
              />
              <Form.Text>
                Shown at <code>/pages/{slug || '…'}</code> in the store.
              </Form.Text>
            </Form.Group>
            <Form.Group className="mb-3 col-md-6" controlId={ids.status}>
              <Form.Label>Status</Form.Label>
              <Form.Select
                value={status}
                onChange={(e) => setStatus(e.target.value as ContentStatus)}
              >
                {CONTENT_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {STATUS_LABELS[value]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </div>
          <RichTextEditor label="Page text" value={html} onChange={setHtml} disabled={!mayChange} />
          <Form.Group className="mb-3" controlId={ids.seoTitle}>
            <Form.Label>Search engine title</Form.Label>
            <Form.Control
              value={seoTitle}
              maxLength={200}
              onChange={(e) => setSeoTitle(e.target.value)}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId={ids.seoText}>
            <Form.Label>Search engine description</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={seoText}
              maxLength={500}
              onChange={(e) => setSeoText(e.target.value)}
            />
          </Form.Group>
        </fieldset>
        <FormError error={save.error} />
        {save.isSuccess ? (
          <div className="alert alert-success py-2" role="status">
            Page saved.
          </div>
        ) : null}
        {mayChange ? (
          <Button type="submit" disabled={save.isPending || storeId === null || name.trim() === ''}>
            Save page
          </Button>
        ) : null}
      </Form>
    </>
  );
}
