import {
  type BlogPost,
  CONTENT_STATUSES,
  type ContentStatus,
  can,
  pagePath,
} from '@printloom/core';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams } from 'react-router';
import { useMe } from '../../../api/hooks/useAuth.js';
import {
  useBlogCategories,
  useBlogPost,
  useSaveBlogPost,
} from '../../../api/hooks/useStoreContent.js';
import { FormError } from '../../auth/FormError.js';
import { usePageTitle } from '../../usePageTitle.js';
import { RichTextEditor } from './RichTextEditor.js';
import { STATUS_LABELS } from './StorePageEditPage.js';

/**
 * New Blog Post and Edit Blog Post (spec §2 /storefronts/{id}/blog/new, /{postId}/edit): title,
 * address, category, cover image, excerpt, status and the text.
 */
export function BlogPostEditPage() {
  const params = useParams();
  const storeId = Number(params.id ?? 0);
  const postId = Number(params.postId ?? 0);
  const post = useBlogPost(storeId, postId);
  if (postId > 0 && !post.data) return <FormError error={post.error} />;
  return <PostForm key={post.data?.id ?? 'new'} storeId={storeId} post={post.data ?? null} />;
}

function PostForm({ storeId, post }: { storeId: number; post: BlogPost | null }) {
  const title = usePageTitle();
  const user = useMe();
  const navigate = useNavigate();
  const mayChange = user ? can(user, 'update_campaign') : false;
  const categories = useBlogCategories(storeId);
  const save = useSaveBlogPost(storeId, post?.id ?? null);
  const ids = {
    title: useId(),
    slug: useId(),
    category: useId(),
    cover: useId(),
    excerpt: useId(),
    status: useId(),
  };
  const [name, setName] = useState(post?.title ?? '');
  const [slug, setSlug] = useState(post?.slug ?? '');
  const [categoryId, setCategoryId] = useState(post?.category_id ? String(post.category_id) : '');
  const [cover, setCover] = useState(post?.cover_image_url ?? '');
  const [excerpt, setExcerpt] = useState(post?.excerpt ?? '');
  const [status, setStatus] = useState<ContentStatus>(post?.status ?? 'draft');
  const [html, setHtml] = useState(post?.content_html ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      title: name,
      ...(slug.trim() !== '' ? { slug } : {}),
      category_id: categoryId === '' ? null : Number(categoryId),
      cover_image_url: cover,
      excerpt,
      status,
      content_html: html,
    };
    save.mutate(body, {
      onSuccess: (saved) => {
        if (!post) void navigate(pagePath('store_blog_edit', { id: storeId, postId: saved.id }));
        else setHtml(saved.content_html);
      },
    });
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        <Link
          to={pagePath('store_blog', { id: storeId })}
          className="btn btn-outline-secondary btn-sm"
        >
          All posts
        </Link>
      </div>
      <Form onSubmit={submit} style={{ maxWidth: 900 }}>
        <fieldset disabled={!mayChange}>
          <Form.Group className="mb-3" controlId={ids.title}>
            <Form.Label>Title</Form.Label>
            <Form.Control value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
          </Form.Group>
          <div className="row">
            <Form.Group className="mb-3 col-md-4" controlId={ids.slug}>
              <Form.Label>Address</Form.Label>
              <Form.Control
                value={slug}
                placeholder="made from the title"
                maxLength={120}
                onChange={(e) => setSlug(e.target.value.toLowerCase())}
              />
            </Form.Group>
            <Form.Group className="mb-3 col-md-4" controlId={ids.category}>
              <Form.Label>Category</Form.Label>
              <Form.Select value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
                <option value="">No category</option>
                {(categories.data ?? []).map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group className="mb-3 col-md-4" controlId={ids.status}>
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
          <Form.Group className="mb-3" controlId={ids.cover}>
            <Form.Label>Cover image address</Form.Label>
            <Form.Control
              value={cover}
              placeholder="https://…"
              onChange={(e) => setCover(e.target.value)}
            />
          </Form.Group>
          {cover ? (
            <img
              src={cover}
              alt="Cover preview"
              className="mb-3 border"
              style={{ maxHeight: 120 }}
            />
          ) : null}
          <Form.Group className="mb-3" controlId={ids.excerpt}>
            <Form.Label>Excerpt</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={excerpt}
              maxLength={1000}
              onChange={(e) => setExcerpt(e.target.value)}
            />
          </Form.Group>
          <RichTextEditor label="Post text" value={html} onChange={setHtml} disabled={!mayChange} />
        </fieldset>
        <FormError error={save.error} />
        {save.isSuccess ? (
          <div className="alert alert-success py-2" role="status">
            Post saved.
          </div>
        ) : null}
        {mayChange ? (
          <Button type="submit" disabled={save.isPending || name.trim() === ''}>
            Save post
          </Button>
        ) : null}
      </Form>
    </>
  );
}
