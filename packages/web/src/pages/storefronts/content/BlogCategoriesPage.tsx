import { type BlogCategory, can, pagePath } from '@printloom/core';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useParams } from 'react-router';
import { useMe } from '../../../api/hooks/useAuth.js';
import {
  useBlogCategories,
  useDeleteBlogCategory,
  useSaveBlogCategory,
} from '../../../api/hooks/useStoreContent.js';
import { FormError } from '../../auth/FormError.js';
import { usePageTitle } from '../../usePageTitle.js';

/**
 * Blog Categories (spec §2 /storefronts/{id}/blog/categories): add, rename and delete a store
 * blog's categories; deleting one leaves its posts without a category.
 */
export function BlogCategoriesPage() {
  const title = usePageTitle();
  const storeId = Number(useParams().id ?? 0);
  const categories = useBlogCategories(storeId);
  const save = useSaveBlogCategory(storeId);
  const remove = useDeleteBlogCategory(storeId);
  const user = useMe();
  const mayChange = user ? can(user, 'update_campaign') : false;
  const nameId = useId();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: null, body: { name } }, { onSuccess: () => setName('') });
  };
  return (
    <>
      <div className="d-flex align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        <Link
          to={pagePath('store_blog', { id: storeId })}
          className="btn btn-outline-secondary btn-sm"
        >
          All posts
        </Link>
      </div>
      <FormError error={categories.error ?? save.error ?? remove.error} />
      {mayChange ? (
        <Form onSubmit={submit} className="d-flex gap-2 mb-3" style={{ maxWidth: 560 }}>
          <Form.Label htmlFor={nameId} className="visually-hidden">
            New category name
          </Form.Label>
          <Form.Control
            id={nameId}
            placeholder="New category name"
            value={name}
            maxLength={120}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" disabled={save.isPending || name.trim() === ''}>
            Add category
          </Button>
        </Form>
      ) : null}
      <ul className="list-group" style={{ maxWidth: 560 }} data-testid="category-rows">
        {(categories.data ?? []).map((category) => (
          <CategoryRow
            key={category.id}
            category={category}
            mayChange={mayChange}
            onRename={(newName) => save.mutate({ id: category.id, body: { name: newName } })}
            onDelete={() => remove.mutate(category.id)}
          />
        ))}
      </ul>
      {categories.isSuccess && categories.data.length === 0 ? <p>No categories yet.</p> : null}
    </>
  );
}

function CategoryRow({
  category,
  mayChange,
  onRename,
  onDelete,
}: {
  category: BlogCategory;
  mayChange: boolean;
  onRename: (name: string) => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(category.name);
  return (
    <li className="list-group-item d-flex align-items-center gap-2">
      {editing ? (
        <Form
          className="d-flex gap-2 me-auto"
          onSubmit={(event) => {
            event.preventDefault();
            onRename(name);
            setEditing(false);
          }}
        >
          <Form.Control
            aria-label={`New name for ${category.name}`}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" size="sm">
            Save
          </Button>
        </Form>
      ) : (
        <span className="me-auto">
          {category.name}{' '}
          <span className="text-body-secondary small">
            ({category.post_count} {category.post_count === 1 ? 'post' : 'posts'})
          </span>
        </span>
      )}
      {mayChange && !editing ? (
        <>
          <Button
            size="sm"
            variant="outline-secondary"
            aria-label={`Rename ${category.name}`}
            onClick={() => setEditing(true)}
          >
            Rename
          </Button>
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={`Delete ${category.name}`}
            onClick={onDelete}
          >
            Delete
          </Button>
        </>
      ) : null}
    </li>
  );
}
