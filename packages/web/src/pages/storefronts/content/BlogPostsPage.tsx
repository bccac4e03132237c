import { type BlogPost, can, pagePath, userDate } from '@printloom/core';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { useMe } from '../../../api/hooks/useAuth.js';
import {
  useBlogCategories,
  useBlogPosts,
  useDeleteBlogPost,
} from '../../../api/hooks/useStoreContent.js';
import { useStore } from '../../../api/hooks/useStores.js';
import { GenericModal } from '../../../shell/GenericModal.js';
import { FormError } from '../../auth/FormError.js';
import { usePageTitle } from '../../usePageTitle.js';

/** Blog (spec §2 /storefronts/{id}/blog): a store's posts, newest first. */
export function BlogPostsPage() {
  const title = usePageTitle();
  const storeId = Number(useParams().id ?? 0);
  const store = useStore(storeId);
  const posts = useBlogPosts(storeId);
  const categories = useBlogCategories(storeId);
  const user = useMe();
  const mayChange = user ? can(user, 'update_campaign') : false;
  const remove = useDeleteBlogPost(storeId);
  const [deleting, setDeleting] = useState<BlogPost | null>(null);
  const categoryName = (id: number | null) =>
    id === null ? '—' : (categories.data?.find((c) => c.id === id)?.name ?? '—');
  const list = posts.data ?? [];
  const utcOffset = user?.utc_offset ?? 0;

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">
          {title}
          {store.data ? `: ${store.data.name}` : ''}
        </h1>
        <Link
          to={pagePath('store_blog_categories', { id: storeId })}
          className="btn btn-outline-secondary"
        >
          Categories
        </Link>
        {mayChange ? (
          <Link to={pagePath('store_blog_new', { id: storeId })} className="btn btn-primary">
            New post
          </Link>
        ) : null}
      </div>
      <FormError error={store.error ?? posts.error} />
      <div className="table-responsive">
        <Table className="align-middle" aria-busy={posts.isFetching}>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Category</th>
              <th scope="col">Status</th>
              <th scope="col">Published</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody data-testid="post-rows">
            {list.map((post) => (
              <tr key={post.id}>
                <td>
                  <Link
                    to={pagePath('store_blog_edit', { id: storeId, postId: post.id })}
                    className="fw-semibold"
                  >
                    {post.title}
                  </Link>
                  <div className="small text-body-secondary">/blog/{post.slug}</div>
                </td>
                <td>{categoryName(post.category_id)}</td>
                <td>
                  <span
                    className={`badge ${post.status === 'published' ? 'text-bg-success' : 'text-bg-secondary'}`}
                  >
                    {post.status === 'published' ? 'Published' : 'Draft'}
                  </span>
                </td>
                <td>{post.published_at ? userDate(post.published_at, utcOffset) : '—'}</td>
                <td className="text-end">
                  {mayChange ? (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={`Delete ${post.title}`}
                      onClick={() => setDeleting(post)}
                    >
                      Delete
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {posts.isSuccess && list.length === 0 ? (
        <p className="text-center py-4">No posts yet.</p>
      ) : null}
      <GenericModal
        id="delete-post"
        show={deleting !== null}
        title="Delete post"
        centered
        onHide={() => setDeleting(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() =>
                deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
              }
            >
              Delete
            </Button>
          </>
        }
      >
        <FormError error={remove.error} />
        <p className="mb-0">
          Delete <strong>{deleting?.title}</strong>? This cannot be undone.
        </p>
      </GenericModal>
    </>
  );
}
